import { applyGlobalStyleSheet } from './globalStyleSheet';

function preloadLink(): HTMLLinkElement {
  document.head.innerHTML = '<link rel="preload" as="style" href="/global.0123abcd.css" data-global-styles>';
  return document.head.querySelector('link')!;
}

describe('applyGlobalStyleSheet', () => {
  afterEach(() => jest.useRealTimers());

  it('turns the preloaded sheet into a style sheet and resolves once it has loaded', async () => {
    const link = preloadLink();
    let applied = false;
    const applying = applyGlobalStyleSheet().then(() => (applied = true));
    expect(link.rel).toBe('stylesheet');
    await Promise.resolve();
    expect(applied).toBe(false);
    link.dispatchEvent(new Event('load'));
    await applying;
    expect(applied).toBe(true);
  });

  it('does not hold the page when the sheet fails or never answers', async () => {
    const failing = preloadLink();
    const failed = applyGlobalStyleSheet();
    failing.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBeUndefined();

    jest.useFakeTimers();
    preloadLink();
    const silent = applyGlobalStyleSheet(document, 5000);
    jest.advanceTimersByTime(5000);
    await expect(silent).resolves.toBeUndefined();
  });

  it('resolves at once without the link or when it is a style sheet already', async () => {
    document.head.innerHTML = '';
    await expect(applyGlobalStyleSheet()).resolves.toBeUndefined();
    document.head.innerHTML = '<link rel="stylesheet" href="/global.css" data-global-styles>';
    await expect(applyGlobalStyleSheet()).resolves.toBeUndefined();
  });
});
