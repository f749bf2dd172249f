import { encryptPayload } from '@suite/shared/crypto';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CAPTCHA_CHALLENGE_PATH, FALLBACK_APP } from '@suite/shared/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

import { createServer, type Server, type ServerOptions } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db';
import type { DB } from '../src/db/schema';
import { hashPassword } from '../src/security/passwords';
import { SIGN_IN_ACTIONS } from '../src/security/audit';
import { pgliteTemplatePath } from './pglite-template';
import { ADMIN_PASSWORD, TEMPLATE_SEED, onServer, seededPgliteFile, seededPostgresTemplate, seedsLikeTemplate } from './seeded-template';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export { ADMIN_PASSWORD };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    adminEmail: TEMPLATE_SEED.adminEmail,
    adminPassword: ADMIN_PASSWORD,
    production: false,
    demoData: false,
    staticRoot: '/nonexistent-static-root',
    hostMap: {},
    publicUrl: 'http://localhost:8080',
    passkeyRpId: 'localhost',
    logLevel: 'silent',
    tokenIssuer: 'suite-identity',
    rateLimit: { enabled: true, loginPerMinute: 1000, tokenPerMinute: 10_000, resetPerMinute: 1000, resetPerAddressPerHour: 1000 },
    lockout: { lockSeconds: 300, blockAfterLocks: 3, deviceTrustDays: 30 },
    // far longer than any test: a change that ends a session without announcing it fails a test
    sessionCacheMs: 600_000,
    accessCacheMs: 30_000,
    refreshReuseGraceSeconds: 30,
    auditRetentionDays: 365,
    mailFrom: 'Suite <no-reply@suite.test>',
    // the scheduler tests run their own instances with a clock of their own
    notificationPollMs: 0,
    // a captcha solved in a few milliseconds
    captcha: { cost: 1, maxNumber: 20, expiresSeconds: 300 },
    otpResetLinkMinutes: 30,
    notificationRetentionDays: 90,
    trustProxy: false,
    requestTimeoutMs: 30_000,
    shutdownDrainMs: 0,
    hub: { maxConnections: 10_000, maxConnectionsPerClient: 50 },
    security: { frameAncestors: [], corsOrigins: [], appOrigins: ['https://*.suite.example'], hsts: true, hstsMaxAge: 31_536_000 },
    ...overrides,
  };
}

export interface TestServer extends Server {
  backend: Backend;
  config: Config;
  db: Kysely<DB>;
}

/**
 * A database of its own on the PostgreSQL of DATABASE_URL, empty or a copy of `template`;
 * `drop()` removes it.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `suite_t_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Declares tests on a seeded PostgreSQL database of their own reached through a pool of one
 * connection — the statements that connection prepares, and their plans, are the ones
 * `pg_prepared_statements` shows — for the tests of how hot reads are planned
 * (docs/adr/0040-prepared-hot-reads.md). Skipped without DATABASE_URL: PGlite prepares nothing.
 */
export function describeOnOneConnection(title: string, tests: (db: () => Kysely<DB>) => void): void {
  (process.env.DATABASE_URL ? describe : describe.skip)(title, () => {
    let server: { url: string; drop(): Promise<void> } | undefined;
    let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
    beforeAll(async () => {
      server = await createPostgresDatabase(seededPostgresTemplate());
      database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 1 });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await server?.drop();
    });
    tests(() => {
      if (!database) throw new Error('the database opens in beforeAll');
      return database.db;
    });
  });
}

/** The generic plans run so far by the statements prepared on the connection whose text holds `fragment`. */
export async function genericPlansOf(db: Kysely<DB>, fragment: string): Promise<number[]> {
  const { rows } = await sql<{ generic: number }>`
    select generic_plans::int as generic from pg_prepared_statements where strpos(statement, ${fragment}) > 0`.execute(db);
  return rows.map((r) => r.generic);
}

const tarballs = new Map<string, Blob>();
/** A data-directory tarball, read once per test file. */
function tarball(file: string | undefined): Blob | undefined {
  if (!file || !fs.existsSync(file)) return undefined;
  let blob = tarballs.get(file);
  if (!blob) tarballs.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
}

/**
 * Two API instances on one fresh PostgreSQL database, for the tests of what must hold across a
 * cluster: started before the describe's tests, closed and the database dropped after them.
 */
export function twoInstances(overrides: Partial<Config> = {}): () => { a: Server; b: Server } {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let pair: { a: Server; b: Server } | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const config = testConfig({ ...overrides, databaseUrl: database.url });
    const options = { logger: false as const, onGeneratedAdminPassword: () => undefined };
    pair = { a: await createServer(config, options), b: await createServer(config, options) };
  }, 60_000);
  afterAll(async () => {
    await pair?.a.app.close();
    await pair?.b.app.close();
    await database?.drop();
  });
  return () => {
    if (!pair) throw new Error('the instances start in beforeAll');
    return pair;
  };
}

export interface HarnessOptions {
  /** Start on an empty database, migrated and seeded by this server (the tests of the first start). */
  emptyDatabase?: boolean;
}

/** A server on a fresh database of `backend`; close it with `closeTestServer`. */
export async function startTestServer(
  backend: Backend,
  overrides: Partial<Config> = {},
  options: Pick<ServerOptions, 'onRoute' | 'logger'> & HarnessOptions = {},
): Promise<TestServer & { dispose(): Promise<void> }> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let config: Config;
  // migrated and seeded already, when this server seeds as the run's template did (seeded-template.ts)
  const seeded = !options.emptyDatabase && seedsLikeTemplate(testConfig(overrides));
  if (backend === 'postgres') {
    const database = await createPostgresDatabase(seeded ? seededPostgresTemplate() : undefined);
    dropDatabase = database.drop;
    config = testConfig({ ...overrides, databaseUrl: database.url });
  } else {
    config = testConfig({ ...overrides, databaseUrl: undefined });
  }
  try {
    const server = await createServer(config, {
      ...options,
      logger: options.logger ?? false,
      onGeneratedAdminPassword: () => undefined,
      database:
        backend === 'pglite' && config.dataDir.startsWith('memory://')
          ? { pgliteLoadDataDir: (seeded && tarball(seededPgliteFile())) || tarball(pgliteTemplatePath()) }
          : undefined,
    });
    outboxOf.set(server.app.ctx.db, server.app.ctx);
    return {
      ...server,
      backend,
      config,
      db: server.app.ctx.db,
      async dispose() {
        await server.app.close();
        await dropDatabase?.();
      },
    };
  } catch (error) {
    await dropDatabase?.();
    throw error;
  }
}

/**
 * Declares the same tests once per backend: each gets a fresh server on a fresh database
 * (in-memory PGlite; a new PostgreSQL database created and dropped around the block).
 */
export function describeEachBackend(
  name: string,
  fn: (server: () => TestServer) => void,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  harness: HarnessOptions = {},
): void {
  for (const backend of BACKENDS) {
    describe(`${name} [${backend}]`, () => {
      let server: (TestServer & { dispose(): Promise<void> }) | undefined;
      beforeAll(async () => {
        server = await startTestServer(backend, typeof overrides === 'function' ? overrides() : overrides, harness);
      }, 60_000);
      afterAll(async () => {
        await server?.dispose();
      }, 30_000);
      fn(() => {
        if (!server) throw new Error('test server did not start');
        return server;
      });
    });
  }
}

/* ---------------- helpers ---------------- */

export function json<T = any>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

/** A solved captcha as the sign-in widget sends it (base64 of the challenge and its solution). */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = json<Challenge>(await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH }));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test captcha was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs in as the portal does: with a solved captcha when the application asks for one (firmaya). */
export async function login(app: FastifyInstance, user: string, password: string, appname = FALLBACK_APP): Promise<LightMyRequestResponse> {
  const tokenCaptcha = (await app.ctx.directory.snapshot()).get(appname)?.captchaApply ? await solvedCaptcha(app) : undefined;
  return app.inject({
    method: 'POST',
    url: '/api/Login',
    payload: {
      user,
      password: encryptPayload(password, app.ctx.payloadKey),
      appname,
      TypeDeviceId: 2,
      ...(tokenCaptcha ? { tokenCaptcha } : {}),
    },
  });
}

/** Signs in and returns the access token (fails the test when sign-in fails). */
export async function tokenFor(app: FastifyInstance, user: string, password: string, appname = FALLBACK_APP): Promise<string> {
  const response = await login(app, user, password, appname);
  if (response.statusCode !== 200) throw new Error(`login of ${user} failed: ${response.statusCode} ${response.body}`);
  return json(response).result.token as string;
}

export interface NewUser {
  userName: string;
  password?: string;
  email?: string;
  names?: string;
  surnames?: string;
  document?: string;
  idstate?: number;
  typeuserid?: number;
  modifiedOn?: Date;
  deleted?: boolean;
  /** Privileges granted through a role of their own on the console application. */
  privileges?: string[];
}

let roleCounter = 0;

/** Inserts a user (and, with `privileges`, a role holding them on the console application). */
export async function createUser(db: Kysely<DB>, input: NewUser): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      user_name: input.userName,
      email: input.email ?? `${input.userName}@test.localhost`,
      names: input.names ?? 'Test',
      surnames: input.surnames ?? 'User',
      document: input.document ?? '123456',
      document_type_id: 1,
      country_id: 1,
      typeuserid: input.typeuserid ?? 2,
      idstate: input.idstate ?? 1,
      password_hash: input.password ? await hashPassword(input.password) : null,
      deleted: input.deleted ?? false,
      ...(input.modifiedOn ? { modified_on: input.modifiedOn } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.privileges) {
    const app = await db
      .selectFrom('applications')
      .select('id')
      .where(sql<string>`lower(name)`, '=', FALLBACK_APP)
      .executeTakeFirstOrThrow();
    const role = await db
      .insertInto('roles')
      .values({ name: `test-role-${++roleCounter}-${randomBytes(3).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_applications').values({ role_id: role.id, application_id: app.id }).execute();
    if (input.privileges.length) {
      const privileges = await db.selectFrom('privileges').select('id').where('name', 'in', input.privileges).execute();
      await db
        .insertInto('role_privileges')
        .values(privileges.map((p) => ({ role_id: role.id, application_id: app.id, privilege_id: p.id })))
        .execute();
    }
    await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id, application_id: app.id }).execute();
  }
  return user.id;
}

/** The audit rows that record changes (sign-in events left out): what a refused call must not add to. */
export async function auditedChanges(db: Kysely<DB>): Promise<{ n: number }> {
  return db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('action', 'not in', [...SIGN_IN_ACTIONS])
    .executeTakeFirstOrThrow();
}

/** The server of each test database: its outbox is settled before the database is read for mail. */
const outboxOf = new WeakMap<Kysely<DB>, { outbox: { settled(): Promise<void> } }>();

/**
 * Every e-mail the API has written for someone (sent, or waiting for a retry), to `to` when given:
 * what a refused call must not add to. The test server's outbox first finishes what it was
 * sending, so what a request queued — a link's token included — is there when this answers.
 */
export async function queuedMail(db: Kysely<DB>, to?: string): Promise<{ n: number }> {
  await outboxOf.get(db)?.outbox.settled();
  let query = db.selectFrom('mail_outbox').select(sql<number>`count(*)::int`.as('n')).where('to_address', 'is not', null);
  if (to !== undefined) query = query.where('to_address', '=', to);
  return query.executeTakeFirstOrThrow();
}

/** Waits until the server has sent what it queued (the outbox runs after the answer). */
export async function mailSent(server: { ctx: { outbox: { settled(): Promise<void> } } }): Promise<void> {
  await server.ctx.outbox.settled();
}

export interface CallOptions {
  /** The bearer token; the caller's default when absent, none when null. */
  token?: string | null;
  headers?: Record<string, string>;
  payload?: unknown;
}

/**
 * An injected request with a bearer token: `call('POST', url, { payload })`. `defaultToken` is
 * read at each call (tests sign in in beforeAll).
 */
export function apiCaller(server: () => { app: FastifyInstance }, defaultToken: () => string) {
  return (method: 'GET' | 'POST', url: string, options: CallOptions = {}) =>
    server().app.inject({
      method,
      url,
      headers: { ...(options.token === null ? {} : { authorization: `Bearer ${options.token ?? defaultToken()}` }), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as string | object }),
    });
}

/**
 * A refusal that changed nothing: the status, the message (contained in `result.information`)
 * and a database snapshot equal to the one taken before.
 */
export async function expectRefusal(
  response: LightMyRequestResponse,
  expected: { status: number; information?: string; before: string; snapshot: () => Promise<string> },
): Promise<void> {
  expect({ status: response.statusCode, body: response.body }).toEqual({ status: expected.status, body: expect.any(String) });
  if (expected.information) expect(json(response).result.information).toContain(expected.information);
  expect(await expected.snapshot()).toBe(expected.before);
}

/** The local OpenID provider (src/dev/oidc-provider.ts) in a child process; `stop()` ends it. */
export async function startOidcProviderProcess(): Promise<{
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}> {
  const { fork } = await import('node:child_process');
  const path = await import('node:path');
  const child = fork(path.join(__dirname, 'oidc-provider-child.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const settings = await new Promise<{ issuer: string; clientId: string; clientSecret: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { issuer: string; clientId: string; clientSecret: string }));
    child.once('exit', (code) => reject(new Error(`the local OpenID provider exited with ${code}`)));
  });
  return {
    ...settings,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
