import { AppProviders, sessionStore, setNavigator } from '@suite/shared';
import { jwt, reply } from '@suite/shared/testing';
import { act, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { INACTIVITY_SIGN_OUT_MS, LAST_ACTIVITY_KEY } from './inactivity';
import { SessionHub } from './SessionHub';

let navigate: jest.Mock;
let restore: () => void;
let calls: { path: string; method: string; body: unknown }[];

// the hub is not what these tests look at: a connection that never opens
const noHub = () => new Promise<never>(() => undefined);

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStore.signIn({
    token: jwt({ identifier: '7', unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 }),
    refreshToken: 'r1',
  });
  navigate = jest.fn();
  restore = setNavigator(navigate);
  calls = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    calls.push({
      path: new URL(request.url).pathname,
      method: request.method,
      body: await request
        .clone()
        .json()
        .catch(() => null),
    });
    return reply(200, { statusCode: 200, result: { information: '/Login', informationCode: 'A10', message: 'ok' } });
  });
});

afterEach(() => {
  restore();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const renderHub = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <SessionHub factory={noHub} />
      </MemoryRouter>
    </AppProviders>,
  );

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe('inactivity sign-out', () => {
  it('after 15 minutes without activity: revokes the refresh token, clears the session and shows /absent', async () => {
    renderHub();
    await advance(INACTIVITY_SIGN_OUT_MS - 1000);
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStore.isAuthenticated()).toBe(true);
    await advance(1000);
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    expect(calls).toEqual([
      { path: '/api/login/RevokeToken', method: 'PUT', body: { UserName: 'ada', Quantity: 1, AppName: 'ibuhoo', RefreshToken: 'r1' } },
    ]);
    expect(sessionStore.isAuthenticated()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/absent', { replace: true });
  });

  it('activity (pointer or keyboard) in this tab, or another tab’s recorded activity, starts the count again', async () => {
    renderHub();
    await advance(INACTIVITY_SIGN_OUT_MS - 60_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalled();
    await advance(INACTIVITY_SIGN_OUT_MS - 120_000);
    fireEvent.pointerDown(document.body);
    await advance(INACTIVITY_SIGN_OUT_MS - 60_000);
    expect(navigate).not.toHaveBeenCalled();
    // another tab was used a minute ago
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 60_000));
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalled();
    await advance(INACTIVITY_SIGN_OUT_MS);
    expect(navigate).toHaveBeenCalledWith('/absent', { replace: true });
    expect(sessionStore.isAuthenticated()).toBe(false);
  });

  it('does nothing without a session', async () => {
    sessionStore.signOut();
    renderHub();
    await advance(INACTIVITY_SIGN_OUT_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
