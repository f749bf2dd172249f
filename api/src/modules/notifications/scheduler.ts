import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import type { OutgoingMail } from '../mail/mailer';
import type { RenderedMail } from '../mail/templates';
import {
  claimDeliveries,
  completeNotifications,
  markAttemptFailed,
  markSent,
  notificationContent,
  planDueNotification,
  purgeDeliveries,
  type ClaimedDelivery,
} from './deliveries';
import { variablesOfTemplates } from './queries';
import { prepareNotificationMail, templateImageUrl } from './render';

export interface SchedulerOptions {
  db: Kysely<DB>;
  /** The mail path of the API (Mailer): SMTP or the development mailbox. */
  mailer: { send(mail: OutgoingMail): Promise<void> };
  /** The suite's public origin: the template images of the e-mails and the Message-ID domain. */
  publicUrl: string;
  /** Now (tests move it). */
  clock?: () => Date;
  /** Names this instance's leases (default: random). */
  instanceId?: string;
  /** Seconds between runs; 0: never on its own (runOnce only). */
  pollMs?: number;
  /** Deliveries claimed at a time by one sender. */
  batchSize?: number;
  /** Senders working at once (default 10: twice the SMTP pool's 5 connections, so none waits for the database). */
  concurrency?: number;
  /** How long a claim holds before another instance may take the delivery over. */
  leaseMs?: number;
  /** Attempts before a delivery is failed for good. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs?: number;
  /** How long the delivery rows of an executed notification are kept (default 90 days); 0 keeps them. */
  deliveryRetentionMs?: number;
  /** Delivery rows deleted per statement of the purge (default 1000). */
  purgeBatchSize?: number;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** Delivery rows of executed notifications are kept 90 days unless configured otherwise. */
export const DEFAULT_DELIVERY_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export interface RunResult {
  planned: number;
  sent: number;
  retried: number;
  failed: number;
  completed: number;
  /** Delivery rows past their retention deleted in this run. */
  purged: number;
}

/** A notification's e-mail, rendered but for its recipient. */
type Prepared = (recipient: { names: string }) => RenderedMail;

/**
 * Sends the notifications that are due, from inside the API, on PGlite and PostgreSQL alike
 * (docs/adr/0012-notification-scheduler.md). A run: plans every due notification (its recipients
 * become delivery rows), then its senders claim deliveries with FOR UPDATE SKIP LOCKED and a
 * lease, send each through the mailer with its stable Message-ID and mark it sent right after the
 * SMTP server accepts it; a failure is retried later with a doubling delay, then failed. Any
 * number of instances may run on one database: a delivery is claimed by one at a time, and one
 * whose instance died mid-send is taken over when its lease runs out. Runs start at once (catching
 * up what fell due while the API was down) and every `pollMs`.
 */
export class NotificationScheduler {
  private readonly clock: () => Date;
  readonly instanceId: string;
  private readonly messageDomain: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.instanceId = options.instanceId ?? randomUUID();
    this.messageDomain = new URL(options.publicUrl).hostname || 'localhost';
  }

  private readonly runListeners = new Set<(result: RunResult) => void>();

  /** Calls `listener` with the result of each run of this instance (the metrics count its sends). */
  onRun(listener: (result: RunResult) => void): void {
    this.runListeners.add(listener);
  }

  /** Runs now and then every pollMs (0: not at all on its own). */
  start(): void {
    const pollMs = this.options.pollMs ?? 30_000;
    if (pollMs <= 0) return;
    const tick = () => {
      if (this.stopped) return;
      this.runOnce()
        .catch((err: unknown) => this.options.logger?.error({ err }, 'notification run failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, pollMs).unref();
        });
    };
    tick();
  }

  /** Stops the timer and waits for a run in progress (its claimed deliveries are finished). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One run; concurrent calls share the run in progress. */
  runOnce(): Promise<RunResult> {
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async run(): Promise<RunResult> {
    const result: RunResult = { planned: 0, sent: 0, retried: 0, failed: 0, completed: 0, purged: 0 };
    const { db } = this.options;
    while (!this.stopped && (await planDueNotification(db, this.clock(), this.messageDomain)) !== undefined) result.planned++;
    const prepared = new Map<number, Promise<Prepared | undefined>>();
    const senders = Array.from({ length: this.options.concurrency ?? 10 }, () => this.sender(prepared, result));
    await Promise.all(senders);
    result.completed = await completeNotifications(db, this.clock());
    result.purged = await this.purge();
    for (const listener of this.runListeners) listener(result);
    return result;
  }

  /**
   * Deletes the delivery rows past their retention in batches, so no statement holds many locks
   * or a long transaction while senders work; the counts stay on each notification.
   */
  private async purge(): Promise<number> {
    const retentionMs = this.options.deliveryRetentionMs ?? DEFAULT_DELIVERY_RETENTION_MS;
    if (retentionMs <= 0) return 0;
    const batchSize = this.options.purgeBatchSize ?? 1000;
    const before = new Date(this.clock().getTime() - retentionMs);
    let purged = 0;
    for (;;) {
      if (this.stopped) return purged;
      const batch = await purgeDeliveries(this.options.db, before, batchSize);
      purged += batch;
      if (batch < batchSize) return purged;
    }
  }

  /**
   * Claims and sends batches until nothing is left to claim. Each delivery is marked sent as soon
   * as the SMTP server accepts it, while the next one is already being sent (the batch waits for
   * its marks before claiming more).
   */
  private async sender(prepared: Map<number, Promise<Prepared | undefined>>, result: RunResult): Promise<void> {
    const { db } = this.options;
    const batchSize = this.options.batchSize ?? 20;
    const leaseMs = this.options.leaseMs ?? 120_000;
    while (!this.stopped) {
      const now = this.clock();
      const batch = await claimDeliveries(db, this.instanceId, now, new Date(now.getTime() + leaseMs), batchSize);
      if (!batch.length) return;
      const marks: Promise<void>[] = [];
      for (const delivery of batch) {
        if (!prepared.has(delivery.notification_id)) prepared.set(delivery.notification_id, this.prepare(delivery.notification_id));
        if (await this.deliver(delivery, await prepared.get(delivery.notification_id), result)) {
          marks.push(markSent(db, delivery.id, this.instanceId, this.clock()).then((marked) => void (marked && result.sent++)));
        }
      }
      await Promise.all(marks);
    }
  }

  private async prepare(notificationId: number): Promise<Prepared | undefined> {
    const content = await notificationContent(this.options.db, notificationId);
    if (!content) return undefined;
    const definitions = (await variablesOfTemplates(this.options.db, [content.templateId])).get(content.templateId) ?? [];
    return prepareNotificationMail({
      template: {
        title: content.title,
        bodyHtml: content.bodyHtml,
        imageUrl: templateImageUrl(this.options.publicUrl, content.templateId),
      },
      subject: content.subject,
      definitions,
      values: content.variables,
      timeZone: content.timeZone,
      sendAt: content.sendAt,
    });
  }

  /** Sends one delivery; true when the SMTP server accepted it (a failure is recorded for its retry). */
  private async deliver(delivery: ClaimedDelivery, prepared: Prepared | undefined, result: RunResult): Promise<boolean> {
    const { db } = this.options;
    try {
      if (!prepared) throw new Error(`notification ${delivery.notification_id} is gone`);
      await this.options.mailer.send({ to: delivery.email, ...prepared({ names: delivery.names }), messageId: delivery.message_id });
    } catch (error) {
      const maxAttempts = this.options.maxAttempts ?? 5;
      const retryAt =
        delivery.attempts < maxAttempts
          ? new Date(this.clock().getTime() + (this.options.retryBaseMs ?? 60_000) * 2 ** (delivery.attempts - 1))
          : null;
      await markAttemptFailed(db, delivery.id, this.instanceId, (error as Error)?.message ?? String(error), retryAt);
      if (retryAt) result.retried++;
      else result.failed++;
      this.options.logger?.warn(
        { err: error, delivery: delivery.id, attempt: delivery.attempts },
        retryAt ? 'notification e-mail failed; retrying later' : 'notification e-mail failed for good',
      );
      return false;
    }
    return true;
  }
}
