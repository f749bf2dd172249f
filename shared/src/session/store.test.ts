import { loadPayloadCipher } from '../crypto/lazy';
import { decryptPayload } from '../crypto/payload';
import { resetRuntimeConfig, setRuntimeConfig } from '../runtime-config';
import { jwt } from '../testing';
import { SESSION_KEYS, SessionStore } from './store';

const token = jwt({ identifier: '7', unique_name: 'ada', given_name: 'Ada', exp: Math.floor(Date.now() / 1000) + 600 });

beforeEach(() => {
  localStorage.clear();
  resetRuntimeConfig();
});

describe('session data', () => {
  // A sign-in has loaded the cipher to encrypt the password before its reply is stored.
  beforeAll(() => loadPayloadCipher());

  it('keeps the token with its Bearer prefix, the refresh token, the encrypted token and the user data', () => {
    setRuntimeConfig({ payloadKey: 'k' });
    const store = new SessionStore();
    const state = store.signIn({ token, refreshToken: 'r1' });
    expect(state.token).toBe(`Bearer ${token}`);
    expect(state.refreshToken).toBe('r1');
    expect(state.user).toMatchObject({ userId: '7', userName: 'ada', name: 'ada' });
    expect(state.encryptedToken).toBe(localStorage.getItem(SESSION_KEYS.encryptedToken));
    expect(state.encryptedToken).not.toContain(token);
    expect(decryptPayload(state.encryptedToken ?? '', 'k')).toBe(token);
    // read back by another store (another tab, a reload)
    expect(new SessionStore().getState().encryptedToken).toBe(state.encryptedToken);
  });

  it('a renewed token renews its encrypted form; signing out removes everything', () => {
    setRuntimeConfig({ payloadKey: 'k' });
    const store = new SessionStore();
    const first = store.signIn({ token, refreshToken: 'r1' }).encryptedToken;
    const renewed = jwt({ identifier: '7', unique_name: 'ada', n: 2, exp: Math.floor(Date.now() / 1000) + 900 });
    const second = store.signIn({ token: renewed, refreshToken: 'r2' }).encryptedToken;
    expect(second).not.toBe(first);
    expect(decryptPayload(second ?? '', 'k')).toBe(renewed);
    store.signOut();
    expect(store.getState()).toEqual({ token: null, refreshToken: null, encryptedToken: null, user: null });
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('without a payload key there is no encrypted token', () => {
    const store = new SessionStore();
    expect(store.signIn({ token, refreshToken: 'r1' }).encryptedToken).toBeNull();
  });
});

describe('the encrypted token before the payload cipher has loaded (a refresh after a reload)', () => {
  it('is written once the cipher arrives, unless another token took the place meanwhile', async () => {
    await jest.isolateModulesAsync(async () => {
      const config = await import('../runtime-config');
      const { SessionStore: FreshStore, SESSION_KEYS: KEYS } = await import('./store');
      const { loadPayloadCipher: load } = await import('../crypto/lazy');
      config.setRuntimeConfig({ payloadKey: 'k' });
      const store = new FreshStore();
      const seen: (string | null)[] = [];
      store.subscribe(() => seen.push(store.getState().encryptedToken));
      expect(store.signIn({ token, refreshToken: 'r1' }).encryptedToken).toBeNull();
      await load();
      await Promise.resolve();
      expect(decryptPayload(localStorage.getItem(KEYS.encryptedToken) ?? '', 'k')).toBe(token);
      expect(seen.at(-1)).toBe(localStorage.getItem(KEYS.encryptedToken));
    });
    await jest.isolateModulesAsync(async () => {
      localStorage.clear();
      const config = await import('../runtime-config');
      const { SessionStore: FreshStore, SESSION_KEYS: KEYS } = await import('./store');
      const { loadPayloadCipher: load } = await import('../crypto/lazy');
      config.setRuntimeConfig({ payloadKey: 'k' });
      const store = new FreshStore();
      store.signIn({ token, refreshToken: 'r1' });
      store.signOut();
      await load();
      await Promise.resolve();
      expect(localStorage.getItem(KEYS.encryptedToken)).toBeNull();
    });
  });
});
