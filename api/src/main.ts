import type { AddressInfo } from 'node:net';
import { createServer } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemoIdentities, startDevProvider } from './dev/oidc-demo';
import type { LocalProvider } from './dev/oidc-provider';
import { seedSiblingApp, startSiblingApp } from './dev/sibling-app';
import { drainAndClose } from './http/drain';
import { withDevProvider } from './modules/oidc/config';

/** The limit after the drain: requests in flight get this long to finish before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // outside production: the local OpenID provider plays the external identity provider (docs/adr/0016)
  let localProvider: LocalProvider | undefined;
  if (config.oidc?.devProvider) {
    const started = await startDevProvider(config.host, config.oidc.devProvider.port, (message) => process.stderr.write(`${message}\n`));
    localProvider = started;
    config = {
      ...config,
      oidc: withDevProvider(config.oidc, { issuer: started.issuer, clientId: started.clientId, clientSecret: started.clientSecret }),
    };
  }
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`Failed to start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { app } = server;
  if (localProvider) {
    if (config.demoData) await seedDemoIdentities(app.ctx.db, localProvider.issuer);
    const provider = localProvider;
    app.addHook('onClose', async () => provider.close());
    app.log.info({ issuer: provider.issuer }, 'local OpenID provider ready (demo identities: README)');
  }

  let closing = false;
  const drainMs = config.shutdownDrainMs;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // /readyz says 503 while every request is still served, then the HTTP server closes (requests
    // in flight finish), then the database (onClose hook): http/drain.ts
    const started = Date.now();
    drainAndClose(app, app.ctx.drain, drainMs).then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const addresses = await server.listen(config.port, config.host);
  app.log.info(
    {
      addresses,
      // the port actually bound: PORT=0 picks a free one
      port: (app.server.address() as AddressInfo | null)?.port ?? config.port,
      database: app.ctx.database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      staticRoot: config.staticRoot,
    },
    'identity API ready',
  );
  // outside production: a demo application signing people in through the suite's OpenID provider
  if (config.siblingApp) {
    if (config.demoData) await seedSiblingApp(app.ctx.db, config.siblingApp.port);
    // it stops when this process exits (dev/sibling-app.ts)
    startSiblingApp(config.siblingApp.port, config.publicUrl, (message) => app.log.warn(message));
  }
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
