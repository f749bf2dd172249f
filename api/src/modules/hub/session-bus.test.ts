import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import {
  LocalSessionBus,
  MAX_NOTIFY_PAYLOAD_BYTES,
  PgSessionBus,
  SESSION_STATUS_CHANNEL,
  SESSIONS_ENDED_CHANNEL,
  decodeSessionStatus,
  decodeSessionsEnded,
  encodeSessionStatus,
  encodeSessionsEnded,
  type EndedSessions,
} from './session-bus';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function pgReachable(url: string): boolean {
  const probe =
    "const { Client } = require('pg'); const c = new Client(process.argv[1]);" +
    'c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));';
  return spawnSync(process.execPath, ['-e', probe, url], { timeout: 10_000, cwd: __dirname }).status === 0;
}

/**
 * Waits for the event carrying `expected` as its message. Other tests (and other suites) may
 * publish on the same Postgres channel at the same time, so anything else is ignored.
 */
function nextEvent(expected: string, ms = 3000): { promise: Promise<[string[], string]>; handler: (ids: string[], m: string) => void } {
  let handler!: (ids: string[], m: string) => void;
  const promise = new Promise<[string[], string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
    timer.unref();
    handler = (ids, m) => {
      if (m !== expected) return;
      clearTimeout(timer);
      resolve([ids, m]);
    };
  });
  promise.catch(() => undefined); // an unused waiter must not become an unhandled rejection
  return { promise, handler };
}

describe('session status payloads', () => {
  it('round-trips', () => {
    const [payload] = encodeSessionStatus(['a', 'b'], 'bye');
    expect(decodeSessionStatus(payload)).toEqual({ sessionIds: ['a', 'b'], message: 'bye' });
  });

  it('splits many session ids into payloads under the NOTIFY limit', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `session-${i}-${'é'.repeat(20)}`);
    const payloads = encodeSessionStatus(ids, 'Sesión cerrada.');
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    expect(payloads.flatMap((p) => decodeSessionStatus(p)?.sessionIds ?? [])).toEqual(ids);
    expect(encodeSessionStatus([], 'x')).toEqual([]);
  });

  it('refuses a message that cannot fit', () => {
    expect(() => encodeSessionStatus(['a'], 'x'.repeat(MAX_NOTIFY_PAYLOAD_BYTES))).toThrow(RangeError);
  });

  it('ignores foreign payloads', () => {
    for (const p of [undefined, '', 'nope', '{}', '{"s":"a","m":"x"}', '{"s":[1],"m":"x"}', '{"s":[],"m":1}']) {
      expect(decodeSessionStatus(p)).toBeNull();
    }
  });
});

describe('LocalSessionBus', () => {
  it('delivers to every subscriber and survives a failing one', async () => {
    const bus = new LocalSessionBus();
    const first = nextEvent('m');
    const second = nextEvent('m');
    await bus.subscribe(() => {
      throw new Error('handler bug');
    });
    await bus.subscribe(first.handler);
    await bus.subscribe(second.handler);
    await bus.publish(['s1'], 'm');
    expect(await first.promise).toEqual([['s1'], 'm']);
    expect(await second.promise).toEqual([['s1'], 'm']);
    await bus.close();
    await expect(bus.publish(['s1'], 'm')).rejects.toThrow('closed');
  });
});

const PG_AVAILABLE = pgReachable(DATABASE_URL);
if (!PG_AVAILABLE) {
  console.warn(`Skipping the PgSessionBus tests: PostgreSQL is unreachable at ${DATABASE_URL}`);
}

describe('sessions ended payloads', () => {
  const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

  it('round-trips sessions and users, split under the NOTIFY limit', () => {
    const sessions = Array.from({ length: 1000 }, (_, i) => uuid(i));
    const payloads = encodeSessionsEnded({ sessions, users: [uuid(7)] });
    expect(payloads.length).toBeGreaterThan(2);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    const decoded = payloads.map((p) => decodeSessionsEnded(p) as EndedSessions);
    expect(decoded.flatMap((d) => d.sessions)).toEqual(sessions);
    expect(decoded.flatMap((d) => d.users)).toEqual([uuid(7)]);
    expect(encodeSessionsEnded({})).toEqual([]);
  });

  it('refuses ids that would break the format, and ignores foreign payloads', () => {
    expect(() => encodeSessionsEnded({ sessions: ['a,b'] })).toThrow(RangeError);
    for (const p of [undefined, '', 'x:1', 's:', '{"s":[]}']) expect(decodeSessionsEnded(p)).toBeNull();
  });
});

(PG_AVAILABLE ? describe : describe.skip)('PgSessionBus', () => {
  const buses: PgSessionBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('delivers between two buses, including notifications sent by other SQL sessions', async () => {
    const listener = new PgSessionBus(DATABASE_URL, { applicationName: 'bus-test-listener' });
    const publisher = new PgSessionBus(DATABASE_URL, { applicationName: 'bus-test-publisher' });
    buses.push(listener, publisher);
    let event = nextEvent('from a bus');
    await listener.subscribe((ids, m) => event.handler(ids, m));

    await publisher.publish(['x', 'y'], 'from a bus');
    expect(await event.promise).toEqual([['x', 'y'], 'from a bus']);

    // A notification sent inside someone else's transaction, delivered on commit.
    event = nextEvent('in a transaction');
    const sql = new Client(DATABASE_URL);
    await sql.connect();
    try {
      await sql.query('BEGIN');
      const [payload] = encodeSessionStatus(['z'], 'in a transaction');
      await sql.query('SELECT pg_notify($1, $2)', [SESSION_STATUS_CHANNEL, payload]);
      await sql.query('COMMIT');
    } finally {
      await sql.end();
    }
    expect(await event.promise).toEqual([['z'], 'in a transaction']);
  });

  it('delivers ended sessions and users announced inside a transaction, on commit only', async () => {
    const bus = new PgSessionBus(DATABASE_URL, { applicationName: 'bus-test-ended' });
    buses.push(bus);
    const session = `00000000-0000-4000-8000-${String(process.pid).padStart(12, '0')}`;
    const received: EndedSessions[] = [];
    bus.onSessionsEnded((ended) => {
      if (ended.sessions.includes(session) || ended.users.includes(session)) received.push(ended);
    });
    await bus.subscribe(() => undefined);
    expect(bus.listening).toBe(true);
    const sql = new Client(DATABASE_URL);
    await sql.connect();
    try {
      // rolled back: never heard
      await sql.query('BEGIN');
      for (const p of encodeSessionsEnded({ sessions: [session] }))
        await sql.query('SELECT pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, p]);
      await sql.query('ROLLBACK');
      await sql.query('BEGIN');
      for (const p of encodeSessionsEnded({ users: [session] })) await sql.query('SELECT pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, p]);
      await sql.query('COMMIT');
    } finally {
      await sql.end();
    }
    const until = Date.now() + 3000;
    while (received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual([{ sessions: [], users: [session] }]);
  });

  it('reconnects when its listener connection is killed, reporting the loss and the return', async () => {
    const appName = `bus-test-reconnect-${process.pid}`;
    let reconnected = false;
    const bus = new PgSessionBus(DATABASE_URL, {
      applicationName: appName,
      reconnectMinDelayMs: 50,
      onReconnect: () => (reconnected = true),
    });
    buses.push(bus);
    const resets: boolean[] = [];
    bus.onListenerReset(() => resets.push(bus.listening));
    let event = nextEvent('before');
    await bus.subscribe((ids, m) => event.handler(ids, m));
    expect(bus.connected).toBe(true);
    expect(bus.listening).toBe(true);

    const admin = new Client(DATABASE_URL);
    await admin.connect();
    try {
      const killed = await admin.query('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1', [
        appName,
      ]);
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }

    const until = Date.now() + 5000;
    while (!reconnected && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(reconnected).toBe(true);
    expect(bus.connected).toBe(true);
    // announcements may have been missed in between: told when lost (not listening) and when back
    expect(resets).toEqual([false, true]);

    event = nextEvent('still here');
    await bus.publish(['after'], 'still here');
    expect(await event.promise).toEqual([['after'], 'still here']);
  }, 15_000);

  it('rejects the first subscribe when the database is unreachable, without crashing', async () => {
    const bus = new PgSessionBus('postgres://postgres@127.0.0.1:1/postgres');
    buses.push(bus);
    await expect(bus.subscribe(() => undefined)).rejects.toThrow();
    await expect(bus.publish(['a'], 'b')).rejects.toThrow();
  });
});
