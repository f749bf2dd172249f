import { createServer } from './app';
import { ConfigError, loadConfig } from './config';

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
  const server = await createServer(config);
  const { app } = server;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // closes the HTTP server (in-flight requests finish), then the database (onClose hook)
    const started = Date.now();
    app.close().then(
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
    { addresses, database: app.ctx.database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, staticRoot: config.staticRoot },
    'identity API ready',
  );
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
