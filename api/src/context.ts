import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db';
import type { DB } from './db/schema';
import type { AppDirectory } from './modules/applications/directory';
import type { KeyStore } from './security/keys';
import type { AuthUser } from './security/auth';

/** What every plugin reaches through `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  keys: KeyStore;
  /** crypto-js key of the payload scheme (served to the client at /config.json). */
  payloadKey: string;
  directory: AppDirectory;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by `authenticate` from a valid bearer token. */
    user?: AuthUser;
  }
}
