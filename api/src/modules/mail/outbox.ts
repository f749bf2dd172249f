import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';
import type { OutgoingMail } from './mailer';

export interface OutboxOptions {
  db: Kysely<DB>;
  /** The mail path of the API (Mailer): SMTP or the development mailbox. */
  mailer: { send(mail: OutgoingMail): Promise<void> };
  /** The Message-ID domain (the suite's public host). */
  messageDomain: string;
  /** Names this instance's leases (default: random). */
  instanceId?: string;
  /** Between runs that pick up what is due (retries, and messages of an instance that died); 0: never on its own. */
  pollMs?: number;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** How long a claim holds before another instance may take the message over. */
  leaseMs?: number;
  /** Attempts before a message is failed for good. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs?: number;
  /** How long sent and failed rows are kept. */
  retentionMs?: number;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Writes the message of a queued job when it is sent; null: nothing to send. */
export type Composer = (job: unknown) => Promise<OutgoingMail | null>;

interface ClaimedMessage {
  id: string;
  job_kind: string | null;
  job: unknown;
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  attempts: number;
}

const PURGE_EVERY_MS = 60_000;

/** Sent and failed messages are kept a week for the record. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Queues a message in the caller's transaction (or on its own): it exists exactly when the change
 * that mails it does. The request answers without waiting for the mail server.
 */
export async function enqueueMail(db: Kysely<DB> | Transaction<DB>, mail: OutgoingMail, messageDomain: string): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      message_id: mail.messageId ?? `<${randomUUID()}@${messageDomain}>`,
    })
    .execute();
}

/** Queues a job whose message the sending instance writes (see MailOutbox.compose). */
export async function enqueueJob(db: Kysely<DB> | Transaction<DB>, kind: string, job: unknown, messageDomain: string): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({ job_kind: kind, job: JSON.stringify(job), message_id: `<${randomUUID()}@${messageDomain}>` })
    .execute();
}

/**
 * Sends the queued messages (migrations/0024), from inside the API on PGlite and PostgreSQL alike.
 * The instance that queued a message is asked to send it at once (`kick`); every instance also
 * looks for due messages every `pollMs` — retries, and messages whose instance died before
 * sending. A message is claimed by one instance at a time (FOR UPDATE SKIP LOCKED and a lease),
 * sent with its stable Message-ID and marked sent; a failure is retried later with a doubling
 * delay, then failed for good.
 */
export class MailOutbox {
  readonly instanceId: string;
  private readonly options: Required<Omit<OutboxOptions, 'logger' | 'instanceId'>> & Pick<OutboxOptions, 'logger'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DrainResult> | undefined;
  private again = false;
  private scheduled = false;
  private stopped = false;
  private readonly composers = new Map<string, Composer>();
  private lastPurge = 0;

  constructor(options: OutboxOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.options = {
      pollMs: 5_000,
      batchSize: 10,
      leaseMs: 60_000,
      maxAttempts: 8,
      retryBaseMs: 30_000,
      retentionMs: OUTBOX_RETENTION_MS,
      ...options,
    };
  }

  /** Queues a message (see enqueueMail) and asks this instance to send it once the caller's work is done. */
  async enqueue(db: Kysely<DB> | Transaction<DB>, mail: OutgoingMail): Promise<void> {
    await enqueueMail(db, mail, this.options.messageDomain);
  }

  /** Queues a job (see enqueueJob); its kind's composer writes the message when it is sent. */
  async enqueueJob(db: Kysely<DB> | Transaction<DB>, kind: string, job: unknown): Promise<void> {
    await enqueueJob(db, kind, job, this.options.messageDomain);
  }

  /** Registers the composer of a kind of job (every instance registers the same ones: any may send any row). */
  compose(kind: string, composer: Composer): void {
    this.composers.set(kind, composer);
  }

  /** Sends what is due soon, without holding the caller (a run in progress runs once more). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain().catch((err: unknown) => this.options.logger?.error({ err }, 'mail outbox run failed'));
    });
  }

  /** Runs now and then every pollMs (0: only when kicked). */
  start(): void {
    this.kick();
    if (this.options.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.options.pollMs);
      this.timer.unref();
    }
  }

  /** Resolves once no run is in progress or asked for (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running || this.scheduled) {
      if (this.running) await this.running.catch(() => undefined);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Stops the timer and waits for the run in progress: the messages it claimed are sent or released. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Sends every due message, batch after batch, until none is left (one run at a time per instance). */
  drain(): Promise<DrainResult> {
    if (this.running) return this.running;
    const run = (async () => {
      const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
      do {
        this.again = false;
        for (;;) {
          const batch = await this.claim();
          if (batch.length === 0) break;
          for (const message of batch) {
            const outcome = await this.send(message);
            total[outcome]++;
          }
        }
      } while (this.again && !this.stopped);
      await this.purge();
      return total;
    })();
    this.running = run;
    void run.then(
      () => (this.running = undefined),
      () => (this.running = undefined),
    );
    return run;
  }

  private async claim() {
    const { batchSize, leaseMs } = this.options;
    const { rows } = await sql<ClaimedMessage>`
      update mail_outbox
         set leased_until = now() + ${leaseMs}::int * interval '1 millisecond', lease_owner = ${this.instanceId}, attempts = attempts + 1
       where id in (select id from mail_outbox
                     where sent_at is null and failed_at is null and next_attempt_at <= now()
                       and (leased_until is null or leased_until < now())
                     order by id
                     limit ${batchSize}::int
                     for update skip locked)
      returning id, job_kind, job, to_address, subject, text_body, html_body, message_id, attempts
    `.execute(this.options.db);
    return rows;
  }

  private async send(message: ClaimedMessage): Promise<keyof DrainResult> {
    const { db, mailer, maxAttempts, retryBaseMs } = this.options;
    // only while the lease is this instance's: one taken over is the other instance's to finish
    const finish = (values: { sent_at?: Date; failed_at?: Date; next_attempt_at?: Date; last_error?: string }) =>
      db
        .updateTable('mail_outbox')
        .set({ ...values, leased_until: null })
        .where('id', '=', message.id)
        .where('lease_owner', '=', this.instanceId)
        .execute();
    try {
      let mail: OutgoingMail | null;
      if (message.job_kind !== null) {
        const composer = this.composers.get(message.job_kind);
        if (!composer) throw new Error(`no composer for mail job '${message.job_kind}'`);
        mail = await composer(typeof message.job === 'string' ? JSON.parse(message.job) : message.job);
        if (mail === null) {
          await finish({ sent_at: new Date() }); // nothing to send: done
          return 'sent';
        }
        // written once: a retry sends this same message (its link's token is not issued again)
        await db
          .updateTable('mail_outbox')
          .set({ job_kind: null, job: null, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html })
          .where('id', '=', message.id)
          .where('lease_owner', '=', this.instanceId)
          .execute();
      } else {
        mail = {
          to: message.to_address as string,
          subject: message.subject as string,
          text: message.text_body as string,
          html: message.html_body as string,
        };
      }
      await mailer.send({ ...mail, messageId: message.message_id });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (message.attempts >= maxAttempts) {
        this.options.logger?.error({ err, outboxId: message.id }, 'mail failed for good');
        await finish({ failed_at: new Date(), last_error: error });
        return 'failed';
      }
      this.options.logger?.warn({ err, outboxId: message.id, attempts: message.attempts }, 'mail not sent; retried later');
      const delay = retryBaseMs * 2 ** (message.attempts - 1);
      await finish({ next_attempt_at: new Date(Date.now() + delay), last_error: error });
      return 'retried';
    }
    await finish({ sent_at: new Date() });
    return 'sent';
  }

  /** At most once a minute per instance: a run follows every queued mail, the purge need not. */
  private async purge(): Promise<void> {
    if (!(this.options.retentionMs > 0) || Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    const before = new Date(Date.now() - this.options.retentionMs);
    await sql`
      delete from mail_outbox
       where id in (select id from mail_outbox where coalesce(sent_at, failed_at) < ${before} limit 1000)
    `.execute(this.options.db);
  }
}
