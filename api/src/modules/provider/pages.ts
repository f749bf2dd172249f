import { createHash } from 'node:crypto';
import { CATALOGUES, DEFAULT_LANGUAGE, asLanguage, type Language } from '@suite/shared/phrases';

/**
 * The few pages the provider itself shows (everything else is the portal's): a refused request
 * that cannot go back to its client, the sign-out question of an application's logout request,
 * and the page after signing out when the application named no return address. In the language
 * the request asks for (`ui_locales`), else its application's default language, as the portal's
 * pages (a page's chosen language lives in that page, not here).
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The first language of `ui_locales` (space-separated tags) the suite offers, else the fallback's, else Spanish. */
export function pageLanguage(uiLocales: string | undefined, fallback: string | null | undefined): Language {
  for (const tag of (uiLocales ?? '').split(/\s+/)) {
    const language = asLanguage(tag);
    if (language) return language;
  }
  return asLanguage(fallback) ?? DEFAULT_LANGUAGE;
}

export const providerPhrases = (language: Language) => CATALOGUES[language].provider;

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f5f7;color:#1a202c}' +
  'main{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15);padding:32px;max-width:420px;margin:16px}' +
  'h1{font-size:1.35rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 16px}code{word-break:break-all}' +
  '.actions{display:flex;gap:12px;flex-wrap:wrap}button{font:inherit;border-radius:6px;padding:8px 16px;cursor:pointer;border:1px solid #4a2a7a}' +
  'button.primary{background:#4a2a7a;color:#fff}button.secondary{background:#fff;color:#4a2a7a}' +
  'button:focus-visible{outline:3px solid #b794f4;outline-offset:2px}';

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** A refused request that cannot go back to its client: what went wrong, nothing else. */
export function errorPage(language: Language, error: string, description: string): string {
  return page(
    language,
    providerPhrases(language).requestRefused,
    `<p><code>${escapeHtml(error)}</code></p>${description ? `<p>${escapeHtml(description)}</p>` : ''}`,
  );
}

/** An application asks to sign the person out: the provider's form (its xsrf field) and the two answers. */
export function signOutPage(language: Language, form: string): string {
  const phrases = providerPhrases(language);
  return page(
    language,
    phrases.signOutTitle,
    `<p>${escapeHtml(phrases.signOutQuestion)}</p>${form}<div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(phrases.signOutConfirm)}</button><button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(phrases.signOutCancel)}</button></div>`,
  );
}

export function signedOutPage(language: Language): string {
  const phrases = providerPhrases(language);
  return page(language, phrases.signedOutTitle, `<p>${escapeHtml(phrases.signedOut)}</p>`);
}

const inlineHashes = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
  );

/**
 * The Content-Security-Policy of an HTML page the provider answers with (these, and its own
 * self-submitting forms): only its own inline style and script, and forms that post to the suite —
 * including the redirect after a confirmed logout to the client's registered return address,
 * which browsers hold to `form-action` too.
 */
export function providerPagePolicy(html: string, formTargets: readonly string[]): string {
  const scripts = inlineHashes(html, 'script');
  const styles = inlineHashes(html, 'style');
  return [
    "default-src 'none'",
    `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    `form-action 'self'${formTargets.map((target) => ` ${target}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
