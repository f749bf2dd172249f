import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import './context';
import type { AppContext } from './context';
import { openDatabase, type DatabaseOptions } from './db';
import { migrate } from './db/migrate';
import { seed, type SeedResult } from './db/seed';
import { installErrorHandling } from './http/errors';
import { AppDirectory } from './modules/applications/directory';
import authRoutes from './modules/auth/routes';
import healthRoutes from './modules/health/routes';
import staticRoutes from './modules/static/routes';
import usersRoutes from './modules/users/routes';
import { KeyStore } from './security/keys';
import { resolvePayloadKey } from './security/settings';

export interface ServerOptions {
  /** Fastify logger option; default: pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Called once when the seed generated the admin password (default: print it on stdout). */
  onGeneratedAdminPassword?: (password: string) => void;
  /** Extra database options (tests: a PGlite template). */
  database?: Partial<DatabaseOptions>;
}

export interface Server {
  app: FastifyInstance;
  seed: SeedResult;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'], censor: '[redacted]' },
  };
}

/**
 * Opens the database, runs the migrations and the seed, loads the signing keys and builds the
 * Fastify server with every area's plugin. `app.close()` closes the server and then the database.
 */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...options.database });
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.db);
    const seeded = await seed(database.db, {
      adminPassword: config.adminPassword,
      adminEmail: config.adminEmail,
      demoData: config.demoData,
    });
    const keys = await KeyStore.open(database.db);
    const payloadKey = await resolvePayloadKey(database.db, config.payloadKey);

    app = Fastify({
      logger: options.logger ?? loggerOptions(config),
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
      bodyLimit: 1024 * 1024,
      requestIdHeader: 'x-request-id',
      forceCloseConnections: 'idle',
    });
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      keys,
      payloadKey,
      directory: new AppDirectory(database.db),
    };
    app.decorate('ctx', ctx);
    app.addHook('onClose', async (instance) => {
      await database.close();
      instance.log.info('database closed');
    });
    installErrorHandling(app);

    await app.register(healthRoutes);
    await app.register(authRoutes);
    await app.register(usersRoutes);
    await app.register(staticRoutes);

    if (seeded.adminCreated) app.log.info({ email: config.adminEmail }, 'created the admin account');
    if (seeded.generatedAdminPassword) {
      app.log.warn('no SUITE_ADMIN_PASSWORD was set: a generated admin password is printed once on stdout');
      (options.onGeneratedAdminPassword ?? ((pw) => process.stdout.write(`Admin password (shown once): ${pw}\n`)))(
        seeded.generatedAdminPassword,
      );
    }
    if (seeded.demoSeeded) app.log.info('seeded demo companies and users');
    return { app, seed: seeded };
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
