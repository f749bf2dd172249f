import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The demo relying party's registration: a public client of the license application. */
export const SIBLING_APP_CLIENT = 'sibling-app';
export const SIBLING_APP_APPLICATION = 'license';

/** Where the demo relying party answers: a loopback address of its own port. */
export function siblingAppOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * Registers the demo relying party (examples/sibling-app) as a client of the license application:
 * public (PKCE), its callback, the page it returns to after signing out, and its back-channel
 * logout endpoint. The addresses follow the port it is started on, so they are written on every
 * start; its other settings edited in the console are kept.
 */
export async function seedSiblingApp(db: Kysely<DB>, port: number): Promise<void> {
  const application = await db.selectFrom('applications').select('id').where('name', '=', SIBLING_APP_APPLICATION).executeTakeFirst();
  if (!application) return;
  const origin = siblingAppOrigin(port);
  const addresses = {
    redirect_uris: [`${origin}/callback`],
    post_logout_redirect_uris: [`${origin}/`],
    backchannel_logout_uri: `${origin}/backchannel-logout`,
  };
  await db
    .insertInto('oidc_clients')
    .values({
      client_id: SIBLING_APP_CLIENT,
      application_id: application.id,
      public: true,
      scopes: ['openid', 'profile', 'email', 'privileges'],
      ...addresses,
    })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(addresses))
    .execute();
}

/** examples/sibling-app/server.mjs of the repository this API runs from (src or dist), if present. */
function siblingAppEntry(): string | undefined {
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth += 1) {
    const entry = join(dir, 'examples', 'sibling-app', 'server.mjs');
    if (existsSync(entry)) return entry;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * Starts the demo relying party as a process of its own (an application of its own, with its own
 * dependencies), pointed at this suite's issuer. It stops with the API. Nothing starts when the
 * example is not in this installation.
 */
export function startSiblingApp(port: number, issuer: string, log: (message: string) => void): ChildProcess | undefined {
  const entry = siblingAppEntry();
  if (!entry) {
    log('demo relying party not started: examples/sibling-app is not in this installation');
    return undefined;
  }
  const child = spawn(process.execPath, [entry], {
    cwd: dirname(entry),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, SUITE_URL: issuer, SIBLING_APP_PORT: String(port), SIBLING_APP_CLIENT_ID: SIBLING_APP_CLIENT },
  });
  child.on('exit', (code, signal) => {
    if (code) log(`demo relying party exited with ${code}${signal ? ` (${signal})` : ''}`);
  });
  process.once('exit', () => child.kill());
  return child;
}
