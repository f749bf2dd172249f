import {
  apiClient,
  callWith,
  getRuntimeConfig,
  pageLocation,
  sessionStore,
  sessionsApi,
  showDialog,
  type ApiClient,
  type SessionStore,
} from '@suite/shared';

/** The hub of the session status push (docs/product/sessions.md, The session hub), under the API's base: the SignalR client negotiates at its `/negotiate`. */
export const SESSION_HUB_PATH = sessionsApi.hubNegotiate.path.replace(/^\/api\//, '').replace(/\/negotiate$/, '');
/** Delay between connecting and validating the session (docs/product/sessions.md, Limits). */
export const SESSION_VALIDATION_DELAY_MS = 100;
/** Delay between a session-status push and going to / (docs/product/sessions.md, Limits). */
export const SESSION_CLOSE_DELAY_MS = 2000;

/** The part of @microsoft/signalr's HubConnection the shell uses. */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  on(method: string, handler: (...args: unknown[]) => void): void;
  /** Called with the new connection id after an automatic reconnection. */
  onreconnected?(callback: (connectionId?: string) => void): void;
}

export type HubConnectionFactory = (url: string) => Promise<HubConnectionLike>;

function hubUrl(): string {
  const base = (getRuntimeConfig().apiBase || '/api').replace(/\/+$/, '');
  return `${base}/${SESSION_HUB_PATH}`;
}

/**
 * The official SignalR client over WebSockets, negotiating first (the server opens WebSockets
 * for negotiated connection tokens only). Imported on demand so that it only loads once someone
 * is signed in: the sign-in route never pays for it.
 */
export const signalRConnection: HubConnectionFactory = async (url) => {
  const signalR = await import(/* webpackChunkName: "signalr" */ '@microsoft/signalr');
  return new signalR.HubConnectionBuilder()
    .withUrl(url, { transport: signalR.HttpTransportType.WebSockets })
    .withAutomaticReconnect()
    .configureLogging(signalR.LogLevel.None)
    .build();
};

export interface SessionHubOptions {
  factory?: HubConnectionFactory;
  client?: ApiClient;
  store?: SessionStore;
}

/**
 * Connects to the session hub, asks for the connection id and, 100 ms later, binds it to the
 * session (sessionsApi.validateSession, header connectionId). On `ReceiveSessionStatus`:
 * a modal with the message, the connection closes, local and session storage are cleared and
 * the browser loads / after 2 s. Returns a function that disconnects.
 */
export function connectSessionHub({
  factory = signalRConnection,
  client = apiClient,
  store = sessionStore,
}: SessionHubOptions = {}): () => void {
  let stopped = false;
  let connection: HubConnectionLike | null = null;
  const timers: ReturnType<typeof setTimeout>[] = [];

  const stop = () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    void connection?.stop().catch(() => undefined);
  };

  const onStatus = (message: unknown) => {
    if (stopped) return;
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    void showDialog({ message: typeof message === 'string' && message !== '' ? message : String(message ?? ''), kind: 'session-status' });
    void connection?.stop().catch(() => undefined);
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      /* storage unavailable */
    }
    // a fresh document at /: nothing of the closed session stays in memory
    setTimeout(() => {
      store.reload();
      pageLocation.assign('/');
    }, SESSION_CLOSE_DELAY_MS);
  };

  void (async () => {
    try {
      connection = await factory(hubUrl());
      if (stopped) return;
      connection.on('ReceiveSessionStatus', onStatus);
      await connection.start();
      if (stopped) {
        await connection.stop();
        return;
      }
      const validate = (connectionId: string) =>
        timers.push(
          setTimeout(() => {
            if (stopped) return;
            callWith(client, sessionsApi.validateSession, { headers: { connectionId } }).catch(() => undefined);
          }, SESSION_VALIDATION_DELAY_MS),
        );
      // a reconnected client has a new connection id: bind it to the session again
      connection.onreconnected?.(() => {
        if (stopped || !connection) return;
        void connection
          .invoke<string>('GetConnectionId')
          .then(validate)
          .catch(() => undefined);
      });
      validate(await connection.invoke<string>('GetConnectionId'));
    } catch {
      /* no real-time channel: the session still works, revocations show on the next call */
    }
  })();

  return stop;
}
