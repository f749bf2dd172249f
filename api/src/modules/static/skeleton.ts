import fs from 'node:fs';
import path from 'node:path';
import { PATHS, pathMatches } from '@suite/shared/federation';
import { isFontFamilyList, profileInMode, type PortalProfile } from '@suite/shared/contracts';
import { resolveInside } from './files';
import { DEFAULT_LANGUAGE, asLanguage, phrase, type Language } from '@suite/shared/phrases';

/**
 * The sign-in card's first paint (docs/adr/0018-first-paint.md): the document of a public sign-in
 * route carries, written by the server, a static skeleton of the card in the application's
 * profile colours and with its title, inside the React root (React replaces it on its first
 * render). Its styles are one `<style>` element with the reply's CSP nonce: no inline script,
 * no style attribute.
 */

/** The routes whose document carries the skeleton: the sign-in screen and the root that shows it. */
export function isSignInPath(pathName: string): boolean {
  return pathName.replace(/\/+$/, '') === '' || pathMatches(pathName, PATHS.login) || pathMatches(pathName, PATHS.loginFromLoading);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * A profile colour as a CSS value, or the fallback: a profile is data an administrator edits,
 * and only a plain colour may reach the style sheet (nothing that closes a rule or the element).
 */
export function cssColor(value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  const ok = /^#[0-9a-f]{3,8}$/i.test(v) || /^(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)$/i.test(v) || /^[a-z]{3,30}$/i.test(v);
  return ok ? v : fallback;
}

/** A font-family list as a CSS value (the contract's rule: isFontFamilyList), or the fallback. */
export function cssFontFamily(value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return isFontFamilyList(v) ? v : fallback;
}

/** The page's language as the server can know it: the profile's (the browser may hold another in storage). */
function languageOf(profile: PortalProfile): Language {
  return asLanguage(profile.defaultLanguage) ?? DEFAULT_LANGUAGE;
}

/** A same-origin image path as a URL, or undefined: only the suite's own plain paths reach the page. */
export function imagePath(value: string | undefined): string | undefined {
  return value && /^\/(?!\/)[\w./-]{1,300}$/.test(value) ? value : undefined;
}

/**
 * The style sheet of the skeleton, in the shapes of the sign-in layouts (mfe-auth's
 * signInVariants): a centred card 24rem wide with the logo on top, or, for the two-column look,
 * the brand panel with the white logo beside (above, on a phone) the form's column. Placeholder
 * bars pulse unless the reader asked for less motion.
 */
function styleSheet(p: PortalProfile): string {
  const page = cssColor(p.colors.background, '#f5f5f5');
  const surface = cssColor(p.colors.surface, '#ffffff');
  const text = cssColor(p.palette.secondary.titleText, cssColor(p.textColor, '#575756'));
  const bar = cssColor(p.colors.input.border, '#d9d9d9');
  const button = cssColor(p.colors.button.active, cssColor(p.palette.primary.main, '#575756'));
  const brand = cssColor(p.palette.primary.dark, '#575756');
  const font = cssFontFamily(p.fontFamily, 'Arial, sans-serif');
  const backgroundImage = imagePath(p.background);
  return [
    `body{margin:0}`,
    `.sk-grid{display:grid;grid-template-columns:1fr}`,
    `@media (min-width:48em){.sk-grid{grid-template-columns:1fr 1fr;min-height:100vh}.sk-brand{min-height:auto}}`,
    `.sk-brand{display:flex;align-items:center;justify-content:center;padding:2rem;min-height:8rem;box-sizing:border-box;background:${brand}}`,
    `.sk-page{min-height:100vh;display:flex;flex-direction:column;background:${page};font-family:${font}` +
      (backgroundImage ? `;background-image:url("${backgroundImage}");background-size:cover;background-position:center` : '') +
      `}`,
    // the bar above the card (mfe-auth's PublicPage header): language bar 52 px, theme switch 60 px
    `.sk-top{flex:none;height:3.25rem;background:${brand}}.sk-switch{height:3.75rem;background:transparent}`,
    `.sk-main{flex:1;display:flex;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}`,
    `.sk-card{width:100%;max-width:24rem;box-sizing:border-box;padding:1.5rem;border-radius:.5rem;background:${surface};box-shadow:0 1px 3px rgba(0,0,0,.12)}`,
    `.sk-plain{background:transparent;box-shadow:none;padding:0}`,
    `.sk-logo{display:block;max-width:100%;height:auto;margin:0 auto 1.25rem}`,
    `.sk-brand .sk-logo{margin:0 auto}`,
    // rows as tall as the form's (gap 1.25rem): heading 58 px, field 66, captcha 70, button 40, link 24
    `.sk-title{margin:0 0 .25rem;font-size:1.5rem;line-height:2rem;font-weight:600;color:${text}}`,
    `.sk-bar{height:2.5rem;margin-bottom:1.25rem;border-radius:.375rem;background:${bar};opacity:.45;animation:sk-pulse 1.6s ease-in-out infinite}`,
    `.sk-label{width:40%;height:.875rem;margin-bottom:.625rem}`,
    `.sk-line{height:1.375rem}.sk-wide{width:75%}.sk-center{width:45%;height:1.5rem;margin-left:auto;margin-right:auto}.sk-small{width:25%;height:.75rem;margin-bottom:0}`,
    `.sk-captcha{height:4.375rem}`,
    `.sk-button{background:${button};opacity:.7}.sk-outline{background:transparent;border:1px solid ${button};box-sizing:border-box}`,
    `.sk-vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`,
    `@keyframes sk-pulse{50%{opacity:.2}}`,
    `@media (prefers-reduced-motion:reduce){.sk-bar{animation:none}}`,
  ].join('');
}

/** What the served document gains on a sign-in route: a head part (title, styles) and the root's content. */
export interface SignInSkeleton {
  language: string;
  title: string;
  /** The logo's preload link ('' without a logo), first in the head. */
  preload: string;
  style: string;
  body: string;
}

/** The logo the profile's sign-in screen shows: the white one on the two-column look's brand panel. */
export function signInLogo(profile: PortalProfile): string | undefined {
  const p = profileInMode(profile, profile.colorMode);
  return imagePath(p.signInVariant === 'twoColumn' ? p.logos.white : p.logos.signIn);
}

/** Brand images this small travel inside the document (a few hundred bytes each today). */
const INLINE_IMAGE_LIMIT = 4096;
const INLINE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * A brand image (/brand/…) as a data: URL when it is small, else undefined. Read now, like every
 * file the suite serves, so a redrawn image shows at once.
 */
export async function inlineBrandImage(urlPath: string | undefined, brandDir: string): Promise<string | undefined> {
  if (!urlPath?.startsWith('/brand/')) return undefined;
  const file = resolveInside(brandDir, urlPath.slice('/brand/'.length));
  const type = file ? INLINE_TYPES[path.extname(file).toLowerCase()] : undefined;
  if (!file || !type) return undefined;
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile() || stat.size > INLINE_IMAGE_LIMIT) return undefined;
    return `data:${type};base64,${(await fs.promises.readFile(file)).toString('base64')}`;
  } catch {
    return undefined;
  }
}

/**
 * The skeleton of the profile's sign-in screen. Its logo is the image the screen shows, at the
 * same width, painted with the first frame when `inlineLogo` carries it (a data: URL), else
 * preloaded ahead of the bundles: the page's largest paint is then the skeleton's, and the real
 * logo, no larger, does not move it.
 */
export function signInSkeleton(
  profile: PortalProfile,
  nonce: string,
  inlineLogo?: string,
  options: { captcha?: boolean } = {},
): SignInSkeleton {
  const p = profileInMode(profile, profile.colorMode);
  const language = languageOf(p);
  const title = escapeHtml(p.title);
  const loading = escapeHtml(phrase('page.loading', language));
  const logoPath = signInLogo(profile);
  const src = logoPath && inlineLogo?.startsWith('data:image/') ? inlineLogo : logoPath;
  const logo = src ? `<img class="sk-logo" src="${escapeHtml(src)}" alt="" width="${Math.max(1, Math.round(p.logoWidth) || 180)}" />` : '';
  const bar = (classes: string) => `<div class="sk-bar${classes}" aria-hidden="true"></div>`;
  // the rows of the variant's form: the certificate form asks for three fields, the others two
  const field = bar(' sk-label') + bar('');
  const bars =
    `<p class="sk-title" aria-hidden="true">${title}</p>${bar(' sk-line sk-wide')}` +
    field.repeat(p.signInVariant === 'certificate' ? 3 : 2) +
    (options.captcha ? bar(' sk-captcha') : '') +
    bar(' sk-button') +
    (p.externalSignIn ? bar(' sk-outline') : '') +
    bar(' sk-center') +
    bar(' sk-line sk-center sk-small');
  // the bar above the card: the translated look's language bar, the myself look's theme switch
  const top =
    p.signInVariant === 'translated'
      ? '<div class="sk-top" aria-hidden="true"></div>'
      : p.signInVariant === 'myself' && p.colorModeSwitch
        ? '<div class="sk-top sk-switch" aria-hidden="true"></div>'
        : '';
  const status = `<span class="sk-vh" role="status">${loading}</span>`;
  const body =
    p.signInVariant === 'twoColumn'
      ? `<div class="sk-grid" aria-busy="true">${status}<div class="sk-brand">${logo}</div>` +
        `<div class="sk-page"><div class="sk-main"><div class="sk-card sk-plain">${bars}</div></div></div></div>`
      : `<div class="sk-page" aria-busy="true">${status}${top}<div class="sk-main"><div class="sk-card">${logo}${bars}</div></div></div>`;
  // a logo fetched by URL is announced first in the head, ahead of the deferred bundles
  const preload = src && src === logoPath ? `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />` : '';
  return { language, title, preload, style: `<style nonce="${escapeHtml(nonce)}">${styleSheet(p)}</style>`, body };
}

/** The host's index.html with the skeleton: `<html lang>`, `<title>`, the style in the head, the card in #root. */
export function withSignInSkeleton(html: string, skeleton: SignInSkeleton): string {
  // replacer functions: a title's `$&` or `$'` must stay text, not a replacement pattern
  return html
    .replace(/<html\b([^>]*)>/i, (_m, attrs: string) => `<html${attrs.replace(/\slang="[^"]*"/i, '')} lang="${skeleton.language}">`)
    .replace(/<head([^>]*)>/i, (head) => `${head}${skeleton.preload}`)
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${skeleton.title}</title>`)
    .replace(/<\/head>/i, () => `${skeleton.style}</head>`)
    .replace(/<div id="root"><\/div>/i, () => `<div id="root">${skeleton.body}</div>`);
}
