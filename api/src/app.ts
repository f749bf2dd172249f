import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config';
import './context';
import type { AppContext } from './context';
import { openDatabase, type DatabaseOptions } from './db';
import { migrate } from './db/migrate';
import { seed, type SeedResult } from './db/seeds';
import { installCompression } from './http/compression';
import { Drain, installDrainReplies, installShutdownSweep } from './http/drain';
import { installMetrics } from './modules/metrics/plugin';
import { clientErrorHandler, frameworkErrors, installErrorHandling, installInputGuard } from './http/errors';
import { installReplyLanguage } from './http/language';
import { AccessGrants } from './modules/access/grants';
import { RoleHolders } from './modules/access/holders';
import { installOpenApi } from './http/openapi';
import { installRateLimit, purgeEndedRateWindows, routeLimits } from './http/rate-limit';
import { installSecurityHeaders, registryOrigins } from './http/security-headers';
import { HttpServers } from './http/server';
import { AppDirectory } from './modules/applications/directory';
import applicationRoutes from './modules/applications/routes';
import applicationAdminRoutes from './modules/applications/admin-routes';
import appearanceRoutes from './modules/applications/appearance-routes';
import imageRoutes from './modules/images/routes';
import { purgeStaleDevices } from './modules/auth/devices';
import { purgeStaleLockouts } from './modules/auth/lockout';
import { purgeExpiredTokens } from './modules/auth/queries';
import authRoutes from './modules/auth/routes';
import captchaRoutes from './modules/captcha/routes';
import { purgeExpiredSolutions } from './modules/captcha/queries';
import { CaptchaService } from './modules/captcha/service';
import otpResetRoutes from './modules/otp-reset/routes';
import tokenRoutes from './modules/auth/token-routes';
import healthRoutes from './modules/health/routes';
import { LocalSessionBus, PgSessionBus, SessionHub, hubPlugin, type SessionBus } from './modules/hub';
import sessionRoutes from './modules/sessions/routes';
import { SessionService } from './modules/sessions/service';
import mailRoutes from './modules/mail/routes';
import { Mailer } from './modules/mail/mailer';
import { MailOutbox } from './modules/mail/outbox';
import { PASSWORD_MAIL_JOB, passwordMailComposer } from './modules/passwords/send-link';
import passwordRoutes from './modules/passwords/routes';
import certificateRoutes from './modules/certificate/routes';
import oidcRoutes from './modules/oidc/routes';
import providerRoutes from './modules/provider/routes';
import providerClientRoutes from './modules/provider/client-routes';
import { purgeExpiredProviderRows } from './modules/provider/adapter';
import factorRoutes from './modules/factors/routes';
import userSecurityRoutes from './modules/user-security/routes';
import auditRoutes from './modules/audit/routes';
import { purgeFactorLeftovers } from './modules/factors/queries';
import { purgeOldAudit } from './modules/audit/retention';
import { purgeExpiredRequests } from './modules/oidc/queries';
import staticRoutes, { remotesRegistry } from './modules/static/routes';
import usersRoutes from './modules/users/routes';
import customerRoutes from './modules/customers/routes';
import accessRoutes from './modules/access/routes';
import notificationRoutes from './modules/notifications/routes';
import { deliveryBacklog } from './modules/notifications/deliveries';
import { NotificationScheduler } from './modules/notifications/scheduler';
import menuRoutes from './modules/menus/routes';
import { HUB_TOKEN_SETTING } from './modules/hub/hub-tokens';
import { KeyStore } from './security/keys';
import { resolvePayloadKey, resolveStoredSecret } from './security/settings';

export interface ServerOptions {
  /** Fastify logger option; default: pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Called once when the seed generated the admin password (default: print it on stdout). */
  onGeneratedAdminPassword?: (password: string) => void;
  /** Extra database options (tests: a PGlite template). */
  database?: Partial<DatabaseOptions>;
  /** Told about every route as it is registered (tests: the route table, e.g. for fuzzing). */
  onRoute?: (route: RouteOptions) => void;
}

export interface Server {
  app: FastifyInstance;
  seed: SeedResult;
  /** Listens on `host` (`localhost`: 127.0.0.1 and ::1); returns the addresses listened on. */
  listen(port: number, host: string): Promise<string[]>;
}

/** Fastify's trustProxy; a hop count as the function Fastify itself makes of one (its types omit numbers). */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** How often expired codes, refresh tokens, stale lockout counters and devices are deleted. */
const PURGE_INTERVAL_MS = 15 * 60_000;
/** How often each instance reads the signing keys again without being told (a backstop of the announcements). */
const KEY_RELOAD_MS = 60_000;

/** Where a token, password or code can sit in a logged object: censored by pino wherever logged. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'token', 'refreshtoken'];
const SECRET_FIELDS = ['password', 'newpassword', 'token', 'refreshToken', 'RefreshToken', 'code', 'access_token'];
export const LOG_REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [`req.body.${f}`, `body.${f}`, `req.query.${f}`, `query.${f}`]),
];

/**
 * A request URL as logged: the path only. Query strings are never logged — reset and activation
 * links (/changepassword?<payload>, /resetotp?…) carry single-use tokens that anyone holding the
 * public payload key can read, and /signin-credential/callback and the hub's WebSocket carry codes
 * and access tokens; a list of "safe" routes would miss the next one.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** Fastify's own request serializer, with the query string taken out of the URL (redactUrl). */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
}

/**
 * Opens the database, runs the migrations and the seed, loads the signing keys and builds the
 * Fastify server with every area's plugin. `app.close()` closes the server and then the database.
 */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...options.database });
  let app: FastifyInstance | undefined;
  let hub: SessionHub | undefined;
  try {
    await migrate(database.db);
    const seeded = await seed(database.db, {
      adminPassword: config.adminPassword,
      adminEmail: config.adminEmail,
      demoData: config.demoData,
    });
    const keys = await KeyStore.open(database.db);
    const payloadKey = await resolvePayloadKey(database.db, config.payloadKey);

    const servers = new HttpServers({ requestTimeoutMs: config.requestTimeoutMs });
    app = Fastify({
      serverFactory: servers.factory,
      // replies outside the router (malformed URL, parser errors, shutdown) keep the envelope
      frameworkErrors,
      clientErrorHandler,
      return503OnClosing: false,
      // request.ip (sessions, rate limits, hub limits): the socket's address unless TRUST_PROXY
      trustProxy: trustProxyOption(config.trustProxy),
      logger: options.logger ?? loggerOptions(config),
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
      bodyLimit: 1024 * 1024,
      requestIdHeader: 'x-request-id',
      forceCloseConnections: 'idle',
    });
    // before any plugin, so every route of every area is seen
    const { onRoute } = options;
    if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
    // revocation pushes reach every instance: LISTEN/NOTIFY on PostgreSQL, in process on PGlite
    const bus: SessionBus = config.databaseUrl ? new PgSessionBus(config.databaseUrl, { logger: app.log }) : new LocalSessionBus(app.log);
    hub = new SessionHub({
      bus,
      logger: app.log,
      // every instance signs negotiated tokens with one stored key: the WebSocket may reach any of them
      tokenKey: await resolveStoredSecret(database.db, HUB_TOKEN_SETTING),
      maxConnections: config.hub.maxConnections,
      maxConnectionsPerClient: config.hub.maxConnectionsPerClient,
    });
    // cached "live" answers are kept only while the bus hears every instance's announcements
    const sessions = new SessionService(database.db, hub, config.sessionCacheMs, app.log, () => bus.listening);
    // revocations, deactivations and deletions committed by any instance end cached "live" answers here at once
    bus.onSessionsEnded((ended) => sessions.ended(ended));
    // announcements missed while the listener was down: nothing cached can be trusted
    bus.onListenerReset(() => sessions.dropAll());
    await bus.subscribe((sessionIds) => sessions.markRevoked(sessionIds));
    // so do changes of what roles and privileges grant
    const access = new AccessGrants(database.db, config.accessCacheMs);
    const roleHolders = new RoleHolders(database.db, config.accessCacheMs);
    access.onDrop(() => roleHolders.dropAll());
    bus.onAccessChanged(() => access.dropAll());
    // and changes of an application's settings (state, visibility, token times, title, …)
    const directory = new AppDirectory(database.db);
    bus.onApplicationsChanged(() => {
      directory.invalidate();
      access.dropAll();
    });
    // a rotation step taken anywhere (docs/adr/0033-signing-key-rotation.md): sign and publish as it says at once
    const reloadKeys = () => keys.reload().catch((err: unknown) => app?.log.warn({ err }, 'reading the signing keys failed'));
    bus.onKeysChanged(reloadKeys);

    const mailer = new Mailer(database.db, config.mailFrom, config.smtpUrl);
    const outbox = new MailOutbox({
      db: database.db,
      mailer,
      messageDomain: new URL(config.publicUrl).hostname || 'localhost',
      logger: app.log,
    });
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      keys,
      payloadKey,
      directory,
      access,
      roleHolders,
      hub,
      sessions,
      limits: routeLimits(config.rateLimit),
      mailer,
      outbox,
      notifications: new NotificationScheduler({
        db: database.db,
        mailer,
        publicUrl: config.publicUrl,
        pollMs: config.notificationPollMs,
        deliveryRetentionMs: config.notificationRetentionDays * 86_400_000,
        logger: app.log,
      }),
      captcha: await CaptchaService.open(database.db, config.captcha, directory),
      drain: new Drain(),
    };
    app.decorate('ctx', ctx);
    // any instance may send any queued password e-mail: each registers how to write them
    outbox.compose(PASSWORD_MAIL_JOB, passwordMailComposer(ctx));
    const { server } = app;
    installShutdownSweep(app, () => servers.closeIdleConnections(server));
    installDrainReplies(app, ctx.drain);
    if (config.metricsToken || config.metricsPort !== undefined)
      installMetrics(
        app,
        { token: config.metricsToken, loopbackPort: config.metricsPort },
        {
          hubConnections: () => hub?.connectionCount ?? 0,
          pool: database.pool,
          notificationBacklog: () => deliveryBacklog(database.db),
          onNotificationRun: (listener) => ctx.notifications.onRun(listener),
        },
      );
    // the loopback server on ::1 stops accepting when the main one does
    app.addHook('preClose', async () => servers.close());
    const purge = setInterval(() => {
      Promise.all([
        purgeExpiredTokens(database.db),
        purgeStaleLockouts(database.db),
        purgeStaleDevices(database.db, config.lockout.deviceTrustDays),
        purgeExpiredRequests(database.db),
        purgeExpiredSolutions(database.db),
        purgeEndedRateWindows(database.db),
        purgeExpiredProviderRows(database.db),
        purgeFactorLeftovers(database.db),
        purgeOldAudit(database.db, config.auditRetentionDays),
      ]).catch((err: unknown) => app?.log.warn({ err }, 'purging expired tokens failed'));
    }, PURGE_INTERVAL_MS);
    purge.unref();
    // and now and then, should an announcement be lost with no reconnection to tell
    const keyReload = setInterval(reloadKeys, KEY_RELOAD_MS);
    keyReload.unref();
    app.addHook('onClose', async (instance) => {
      clearInterval(purge);
      clearInterval(keyReload);
      // a run in progress finishes the deliveries it claimed before the mailer and the database close
      await ctx.notifications.stop();
      await ctx.outbox.stop();
      ctx.mailer.close();
      await database.close();
      instance.log.info('database closed');
    });
    installErrorHandling(app);
    installReplyLanguage(app);
    await installCompression(app);
    await installSecurityHeaders(app, {
      config: config.security,
      // remotes that /remotes.json places on another origin (REMOTES_JSON) load from there
      remoteOrigins: async () => registryOrigins(await remotesRegistry(config.remotesJson, app?.log)),
    });
    // after the security headers' hook: a refused request's reply carries them too
    installInputGuard(app);
    await installRateLimit(app, config.rateLimit);
    // the recognised-device cookie of the lockout (modules/auth/devices.ts)
    await app.register(fastifyCookie);
    // the route table becomes /api/openapi.json and /api/docs: before any area's routes
    installOpenApi(app, '1');

    await app.register(healthRoutes);
    await app.register(hubPlugin, { hub });
    await app.register(authRoutes);
    await app.register(factorRoutes);
    await app.register(userSecurityRoutes);
    await app.register(auditRoutes);
    await app.register(tokenRoutes);
    await app.register(sessionRoutes);
    await app.register(applicationRoutes);
    await app.register(applicationAdminRoutes);
    await app.register(appearanceRoutes);
    await app.register(imageRoutes);
    await app.register(usersRoutes);
    await app.register(customerRoutes);
    await app.register(accessRoutes);
    await app.register(notificationRoutes);
    await app.register(menuRoutes);
    await app.register(passwordRoutes);
    await app.register(certificateRoutes);
    await app.register(captchaRoutes);
    await app.register(otpResetRoutes);
    await app.register(oidcRoutes);
    await app.register(providerRoutes);
    await app.register(providerClientRoutes);
    // the development mailbox: outside production, when mail is not sent through SMTP
    if (!config.production && !config.smtpUrl) await app.register(mailRoutes);
    await app.register(staticRoutes);

    // catches up what fell due while the API was down, then runs every NOTIFY_POLL_MS
    app.addHook('onReady', async () => {
      ctx.notifications.start();
      ctx.outbox.start();
    });
    if (seeded.adminCreated) app.log.info({ email: config.adminEmail }, 'created the admin account');
    if (seeded.generatedAdminPassword) {
      app.log.warn('no SUITE_ADMIN_PASSWORD was set: a generated admin password is printed once on stdout');
      (options.onGeneratedAdminPassword ?? ((pw) => process.stdout.write(`Admin password (shown once): ${pw}\n`)))(
        seeded.generatedAdminPassword,
      );
    }
    if (seeded.demoSeeded) app.log.info('seeded demo companies and users');
    const instance = app;
    return { app, seed: seeded, listen: (port, host) => servers.listen(instance, port, host) };
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    await hub?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
