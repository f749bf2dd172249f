import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db';
import type { DB } from './db/schema';
import type { RouteLimits } from './http/rate-limit';
import type { AccessGrants } from './modules/access/grants';
import type { RoleHolders } from './modules/access/holders';
import type { AppDirectory } from './modules/applications/directory';
import type { Drain } from './http/drain';
import type { CaptchaService } from './modules/captcha/service';
import type { SessionHub } from './modules/hub';
import type { SessionService } from './modules/sessions/service';
import type { Mailer } from './modules/mail/mailer';
import type { MailOutbox } from './modules/mail/outbox';
import type { NotificationScheduler } from './modules/notifications/scheduler';
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
  /** The SignalR hub at /api/connections/session (ReceiveSessionStatus pushes). */
  hub: SessionHub;
  /** Session liveness, revocation and the concurrency policy. */
  sessions: SessionService;
  /** What roles and privileges grant each user now (authorization reads it; changes announce themselves). */
  access: AccessGrants;
  /** The role card's holders list, read once per role and dropped with the grants. */
  roleHolders: RoleHolders;
  /** Rate-limit route options of the sign-in and token endpoints. */
  limits: RouteLimits;
  /** Outgoing mail (SMTP, or the development mailbox). */
  mailer: Mailer;
  /** Password e-mails leave the request through it (sent by any instance, each once). */
  outbox: MailOutbox;
  /** Sends the due notifications (every NOTIFY_POLL_MS; claimed per recipient across instances). */
  notifications: NotificationScheduler;
  /** The sign-in captcha: challenges, and single-use solutions across instances. */
  captcha: CaptchaService;
  /** Set on SIGTERM: /readyz answers 503 and every reply closes its connection (http/drain.ts). */
  drain: Drain;
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
