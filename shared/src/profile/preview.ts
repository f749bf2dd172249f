import { DEFAULT_PROFILE, mergeProfile, type PortalProfile } from '../contracts/profiles';
import { applyProfileToDocument } from './document';
import { setPageProfile } from './store';

/**
 * The Apariencia tab's live preview: the console frames the real sign-in screen
 * (`/login?appearancePreview=light|dark`, same origin only — the API allows that frame and no
 * other) and posts the draft profile to it on every edit. The framed page shows what it is sent
 * and touches no session: it neither validates nor refreshes the signed-in administrator's tokens.
 */
export const APPEARANCE_PREVIEW_PARAM = 'appearancePreview';
export const APPEARANCE_PREVIEW_MESSAGE = 'suite.appearancePreview';
export const APPEARANCE_PREVIEW_READY = 'suite.appearancePreviewReady';

/** The preview page's address for a template. */
export const appearancePreviewUrl = (loginPath: string, mode: 'light' | 'dark') => `${loginPath}?${APPEARANCE_PREVIEW_PARAM}=${mode}`;

/** Whether this page is a preview framed by the console (same origin, asked for by its address). */
export function isAppearancePreview(win: Window = window): boolean {
  if (win.parent === win) return false;
  try {
    return new URLSearchParams(win.location.search).has(APPEARANCE_PREVIEW_PARAM) && win.parent.location.origin === win.location.origin;
  } catch {
    return false; // another origin's frame: its location cannot be read
  }
}

export interface AppearancePreviewMessage {
  type: typeof APPEARANCE_PREVIEW_MESSAGE;
  profile: unknown;
}

/**
 * In the framed preview: shows each profile the framing console posts (only messages from the
 * parent window on the same origin; the profile is merged over the default as stored data is, so
 * a wrong field is ignored), in the template the address asks for. Tells the parent when it
 * listens, so the first draft is not lost. Returns the unsubscribe.
 */
export function listenForAppearancePreview(win: Window = window): () => void {
  const mode = new URLSearchParams(win.location.search).get(APPEARANCE_PREVIEW_PARAM) === 'dark' ? 'dark' : 'light';
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win.parent) return;
    const data = event.data as Partial<AppearancePreviewMessage> | null;
    if (!data || data.type !== APPEARANCE_PREVIEW_MESSAGE) return;
    const profile: PortalProfile = { ...mergeProfile(DEFAULT_PROFILE, data.profile), colorMode: mode };
    setPageProfile(profile);
    applyProfileToDocument(profile, win.document);
  };
  win.addEventListener('message', onMessage);
  win.parent.postMessage({ type: APPEARANCE_PREVIEW_READY }, win.location.origin);
  return () => win.removeEventListener('message', onMessage);
}
