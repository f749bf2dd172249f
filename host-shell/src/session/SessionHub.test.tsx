import { AppProviders, closeAllDialogs, pageLocation, sessionStore, setNavigator } from '@suite/shared';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { HubConnectionLike } from './realtime';
import { SessionHub } from './SessionHub';
import { DialogHost } from '@suite/shared';
import { jwt } from '@suite/shared/testing';

class FakeHub implements HubConnectionLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  started = false;
  stopped = false;
  invoked: string[] = [];
  start = jest.fn(async () => {
    this.started = true;
  });
  stop = jest.fn(async () => {
    this.stopped = true;
  });
  invoke<T = unknown>(method: string): Promise<T> {
    this.invoked.push(method);
    return Promise.resolve('conn-42' as T);
  }
  on(method: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(method, handler);
  }
  reconnected: ((id?: string) => void) | null = null;
  onreconnected(callback: (id?: string) => void) {
    this.reconnected = callback;
  }
  push(method: string, ...args: unknown[]) {
    this.handlers.get(method)?.(...args);
  }
}

let navigate: jest.Mock;
let restore: () => void;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signIn({
    token: jwt({ identifier: '7', unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 600 }),
    refreshToken: 'r1',
  });
  navigate = jest.fn();
  restore = setNavigator(navigate);
});

afterEach(() => {
  restore();
  act(() => closeAllDialogs());
  jest.useRealTimers();
});

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('session hub', () => {
  it('connects once signed in, validates the session 100 ms later and handles the status push', async () => {
    const hub = new FakeHub();
    const posted: Request[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      posted.push(input as Request);
      return new Response(JSON.stringify({ statusCode: 200, result: { information: 'ok', informationCode: 'A10' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const factory = jest.fn(async (url: string) => {
      expect(url).toBe('/api/connections/session');
      return hub;
    });
    render(
      <AppProviders>
        <MemoryRouter>
          <SessionHub factory={factory} />
          <DialogHost />
        </MemoryRouter>
      </AppProviders>,
    );
    await flush();
    expect(hub.started).toBe(true);
    expect(hub.invoked).toEqual(['GetConnectionId']);
    expect(posted).toHaveLength(0);

    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    await flush();
    expect(posted).toHaveLength(1);
    expect(new URL(posted[0].url).pathname).toBe('/api/user/validatesession');
    expect(posted[0].method).toBe('POST');
    expect(posted[0].headers.get('connectionId')).toBe('conn-42');
    expect(posted[0].headers.get('Authorization')).toMatch(/^Bearer /);

    sessionStorage.setItem('idSessionTab', '1234567890123456');
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    act(() => hub.push('ReceiveSessionStatus', 'Tu sesión fue cerrada porque se inició sesión en otro dispositivo.'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Tu sesión fue cerrada porque se inició sesión en otro dispositivo.');
    expect(hub.stop).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(assign).not.toHaveBeenCalled();

    await act(async () => {
      jest.advanceTimersByTime(1999);
    });
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(assign).toHaveBeenCalledWith('/');
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStore.isAuthenticated()).toBe(false);
  });

  it('binds the new connection id again after an automatic reconnection', async () => {
    const hub = new FakeHub();
    const ids: (string | null)[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      ids.push((input as Request).headers.get('connectionId'));
      return new Response(JSON.stringify({ statusCode: 200, result: {} }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    render(
      <AppProviders>
        <SessionHub factory={async () => hub} />
      </AppProviders>,
    );
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    await flush();
    expect(ids).toEqual(['conn-42']);
    act(() => hub.reconnected?.('conn-43'));
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    await flush();
    expect(hub.invoked).toEqual(['GetConnectionId', 'GetConnectionId']);
    expect(ids).toHaveLength(2);
  });

  it('does not connect without a session', async () => {
    sessionStore.signOut();
    const factory = jest.fn(async () => new FakeHub());
    render(
      <AppProviders>
        <SessionHub factory={factory} />
      </AppProviders>,
    );
    await flush();
    expect(factory).not.toHaveBeenCalled();
  });
});
