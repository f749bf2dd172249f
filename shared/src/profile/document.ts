import type { PortalProfile } from '../contracts/profiles';

/**
 * The document follows the application: its title and favicon come from the profile
 * (docs/product/portal.md, Applications and tenants).
 */
export function applyProfileToDocument(profile: Pick<PortalProfile, 'title' | 'favicon'>, doc: Document = document): void {
  doc.title = profile.title;
  if (!profile.favicon) return;
  let icon = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  if (/\.svg$/i.test(profile.favicon)) icon.type = 'image/svg+xml';
  else icon.removeAttribute('type');
  icon.setAttribute('href', profile.favicon);
}

/** Marks the template on <html>: Chakra's `_dark` tokens apply under `.dark`; `color-scheme` styles native controls. */
export function applyColorModeToDocument(mode: 'light' | 'dark', doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
