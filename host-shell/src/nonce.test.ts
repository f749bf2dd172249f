import { pageNonce } from './nonce';

describe('pageNonce', () => {
  afterEach(() => document.head.querySelectorAll('meta[property="csp-nonce"]').forEach((m) => m.remove()));

  it('reads the nonce the server wrote into the page', () => {
    document.head.insertAdjacentHTML('afterbegin', '<meta property="csp-nonce" content="q1w2e3r4t5y6u7i8o9p0aa==" />');
    expect(pageNonce()).toBe('q1w2e3r4t5y6u7i8o9p0aa==');
  });

  it('is undefined without one (the dev server) or when empty', () => {
    expect(pageNonce()).toBeUndefined();
    document.head.insertAdjacentHTML('afterbegin', '<meta property="csp-nonce" content="" />');
    expect(pageNonce()).toBeUndefined();
  });
});
