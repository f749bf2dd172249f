/**
 * The static style sheet (global.css, docs/adr/0021) arrives as
 * `<link rel="preload" as="style" data-global-styles>`: a style sheet in the document would hold
 * back both the first paint (the sign-in skeleton) and the deferred scripts until it arrived.
 * The page applies it once its scripts run and renders once it applies. The skeleton's layout is
 * the same with or without it, so applying it moves nothing on the screen.
 *
 * Resolves when the sheet applies, fails to load, or after `timeoutMs` (a page is still usable
 * without it); at once when the document has no such link or it is applied already.
 */
export function applyGlobalStyleSheet(doc: Document = document, timeoutMs = 5000): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-global-styles]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    link.rel = 'stylesheet';
  });
}
