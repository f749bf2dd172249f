import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { NOTIFICATION_STATE, dateIn, nextDate, notificationSendAt } from '@suite/shared/contracts';
import { createServer, type Server } from '../../app';
import { describeEachBackend, startTestServer } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import type { DB } from '../../db/schema';
import { Mailer, type OutgoingMail } from '../mail/mailer';
import { deliveryBacklog, recipientsPreview, planDueNotification } from './deliveries';
import { listNotifications } from './queries';
import { NotificationScheduler, type RunResult, type SchedulerOptions } from './scheduler';
import { createNotification } from './service';

const TEMPLATE = 'recordatorio-politica-contrasenas';
const PUBLIC_URL = 'https://id.suite.example';

/** A visible, active application of its own, offered every template. */
async function newApplication(db: Kysely<DB>): Promise<number> {
  const name = `notif${randomBytes(4).toString('hex')}`;
  const { id } = await db
    .insertInto('applications')
    .values({ name, title: name, idstate: 0, is_visible: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into notification_template_applications (template_id, application_id) select id, ${id}::int from notification_templates`.execute(
    db,
  );
  return id;
}

interface RecipientSpec {
  email?: string;
  idstate?: number;
  deleted?: boolean;
  roleState?: number;
}

/** `count` users, each holding an active role (or as `spec` says) in `applicationId`; returns their e-mails. */
async function addRecipients(db: Kysely<DB>, applicationId: number, count: number, spec: RecipientSpec = {}): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  const role = await db
    .insertInto('roles')
    .values({ name: `dest-${tag}`, idstate: spec.roleState ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('role_applications').values({ role_id: role.id, application_id: applicationId }).execute();
  const { rows } = await sql<{ email: string }>`
    with inserted as (
      insert into users (user_name, email, names, surnames, idstate, deleted)
      select ${`d${tag}.`} || g, coalesce(${spec.email ?? null}::text, ${`d${tag}.`} || g || '@sink.test'), 'Destinatario', g::text,
             ${spec.idstate ?? 1}::smallint, ${spec.deleted ?? false}::boolean
        from generate_series(1, ${count}::int) g
      returning id, email),
    assigned as (
      insert into user_roles (user_id, role_id, application_id)
      select id, ${role.id}::int, ${applicationId}::int from inserted)
    select email from inserted`.execute(db);
  return rows.map((r) => r.email.toLowerCase());
}

/** Creates a notification for the applications, dated `daysAhead` days after today in Bogotá; returns it with its send time. */
async function schedule(db: Kysely<DB>, applicationIds: number[], daysAhead = 1): Promise<{ id: number; sendAt: Date }> {
  let date = dateIn('America/Bogota', new Date());
  for (let i = 0; i < daysAhead; i++) date = nextDate(date);
  const subject = await db
    .selectFrom('notification_subjects')
    .select('id')
    .where('template_id', '=', TEMPLATE)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const variables = [
    { name: 'diasVigencia', value: '90' },
    { name: 'fechaLimite', value: nextDate(date) },
    { name: 'recomendacion', value: 'Usa una frase larga <y única>.' },
  ];
  const { id } = await createNotification(
    db,
    undefined,
    {
      reason: 'Recordatorio trimestral',
      templateId: TEMPLATE,
      subjectId: subject.id,
      applicationIds,
      variables,
      executionDate: date,
      timeZone: undefined,
    },
    new Date(),
  );
  return { id, sendAt: notificationSendAt(date, 'America/Bogota') };
}

const deliveriesOf = (db: Kysely<DB>, id: number) =>
  db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', id).orderBy('email').execute();
const recordOf = async (db: Kysely<DB>, id: number) => (await listNotifications(db, id))[0];
const never = () => new Promise<never>(() => undefined);

describe('notification scheduler', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  describeEachBackend('on one instance', (server) => {
    let now = new Date();
    const mailers: Mailer[] = [];
    const scheduler = (options: Partial<SchedulerOptions> = {}) => {
      const mailer = new Mailer(server().db, 'Suite <no-reply@suite.test>', sink.url);
      mailers.push(mailer);
      return new NotificationScheduler({ db: server().db, mailer, publicUrl: PUBLIC_URL, clock: () => now, ...options });
    };
    afterAll(() => mailers.forEach((m) => m.close()));
    // each test starts with nothing left to send by the one before
    beforeEach(async () => {
      const { db } = server();
      await db.updateTable('notification_deliveries').set({ status: 'failed' }).where('status', 'in', ['pending', 'sending']).execute();
      await db
        .updateTable('notifications')
        .set({ idstate: NOTIFICATION_STATE.executed, planned_at: new Date() })
        .where('idstate', '=', NOTIFICATION_STATE.pending)
        .execute();
    });

    it('sends a due notification to a real SMTP server, each recipient once with its Message-ID, and leaves future ones alone', async () => {
      const { db } = server();
      const app = await newApplication(db);
      const emails = await addRecipients(db, app, 3);
      const due = await schedule(db, [app], 1);
      const future = await schedule(db, [app], 2);
      const instance = scheduler();
      now = new Date(due.sendAt.getTime() - 60_000);
      expect(await instance.runOnce()).toMatchObject({ planned: 0, sent: 0 });
      expect(await deliveriesOf(db, due.id)).toEqual([]);

      const received = sink.messages.length;
      now = new Date(due.sendAt.getTime() + 1000);
      expect(await instance.runOnce()).toMatchObject({ planned: 1, sent: 3, failed: 0, completed: 1 });
      const deliveries = await deliveriesOf(db, due.id);
      expect(deliveries.map((d) => [d.email, d.status, d.attempts])).toEqual(emails.sort().map((e) => [e, 'sent', 1]));
      const messages = sink.messages.slice(received);
      expect(messages.map((m) => m.to[0]).sort()).toEqual(emails.sort());
      for (const delivery of deliveries) {
        const message = messages.find((m) => m.to[0] === delivery.email);
        expect(message?.messageId).toBe(delivery.message_id);
        expect(delivery.message_id).toMatch(/^<[0-9a-f-]{36}@id\.suite\.example>$/);
      }
      // the value holding HTML went out escaped, the image from the public origin
      const raw = messages[0].raw.replace(/=\r?\n/g, '');
      expect(raw).toContain('&lt;y =C3=BAnica&gt;');
      expect(raw).toContain(`${PUBLIC_URL}/api/Notifications/TemplateImage/${TEMPLATE}`);
      expect(await recordOf(db, due.id)).toMatchObject({
        idstate: NOTIFICATION_STATE.executed,
        stateName: 'EJECUTADA',
        recipients: 3,
        sent: 3,
        failed: 0,
      });
      expect(await recordOf(db, future.id)).toMatchObject({ idstate: NOTIFICATION_STATE.pending, recipients: 0 });
      // nothing more to do: a second run sends nothing again
      expect(await instance.runOnce()).toMatchObject({ planned: 0, sent: 0 });
      expect(sink.messages.length).toBe(received + 3);
    });

    it('sends to the active users holding an active role in any chosen application, each address once', async () => {
      const { db } = server();
      const [a, b] = [await newApplication(db), await newApplication(db)];
      const inBoth = await addRecipients(db, a, 2);
      // the same users hold a role in b as well
      const role = await db
        .insertInto('roles')
        .values({ name: `both-${randomBytes(3).toString('hex')}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('role_applications').values({ role_id: role.id, application_id: b }).execute();
      await sql`insert into user_roles (user_id, role_id, application_id) select id, ${role.id}::int, ${b}::int from users where lower(email) in (${sql.join(inBoth)})`.execute(
        db,
      );
      const onlyB = await addRecipients(db, b, 1);
      await addRecipients(db, a, 1, { idstate: 2 });
      await addRecipients(db, a, 1, { idstate: 3 });
      await addRecipients(db, b, 1, { deleted: true });
      await addRecipients(db, b, 1, { roleState: 1 });
      const shared = `Compartido.${randomBytes(3).toString('hex')}@Sink.test`;
      await addRecipients(db, a, 1, { email: shared });
      await addRecipients(db, b, 1, { email: shared.toUpperCase() });
      await addRecipients(db, await newApplication(db), 1);
      const expected = [...inBoth, ...onlyB, shared.toLowerCase()].sort();

      expect(await recipientsPreview(db, [a, b], 2)).toEqual({ count: expected.length, sample: expect.any(Array) });
      const { id, sendAt } = await schedule(db, [a, b], 1);
      expect(await planDueNotification(db, new Date(sendAt.getTime() + 1), 'suite.test')).toBe(id);
      expect((await deliveriesOf(db, id)).map((d) => d.email)).toEqual(expected);
    });

    it('retries a failed delivery later with a doubling delay, then marks it failed and shows it in the list', async () => {
      const { db } = server();
      const app = await newApplication(db);
      await addRecipients(db, app, 2);
      const backlog = await deliveryBacklog(db);
      const { id, sendAt } = await schedule(db, [app], 1);
      const refusing = { send: async (_mail: OutgoingMail) => Promise.reject(new Error('550 mailbox unavailable')) };
      const instance = scheduler({ mailer: refusing, maxAttempts: 3, retryBaseMs: 60_000 });
      // what the metrics hear of each run
      const heard: RunResult[] = [];
      instance.onRun((result) => heard.push(result));
      now = new Date(sendAt.getTime() + 1000);
      expect(await instance.runOnce()).toMatchObject({ planned: 1, sent: 0, retried: 2, failed: 0, completed: 0 });
      expect(await deliveryBacklog(db)).toBe(backlog + 2);
      let deliveries = await deliveriesOf(db, id);
      expect(deliveries.map((d) => [d.status, d.attempts, d.last_error])).toEqual([
        ['pending', 1, '550 mailbox unavailable'],
        ['pending', 1, '550 mailbox unavailable'],
      ]);
      expect(new Date(deliveries[0].next_attempt_at).getTime()).toBe(now.getTime() + 60_000);
      // not yet due again
      expect(await instance.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
      now = new Date(now.getTime() + 60_000);
      expect(await instance.runOnce()).toMatchObject({ retried: 2 });
      deliveries = await deliveriesOf(db, id);
      expect(new Date(deliveries[0].next_attempt_at).getTime()).toBe(now.getTime() + 120_000);
      now = new Date(now.getTime() + 120_000);
      expect(await instance.runOnce()).toMatchObject({ retried: 0, failed: 2, completed: 1 });
      expect((await deliveriesOf(db, id)).map((d) => [d.status, d.attempts])).toEqual([
        ['failed', 3],
        ['failed', 3],
      ]);
      expect(await recordOf(db, id)).toMatchObject({ idstate: NOTIFICATION_STATE.executed, recipients: 2, sent: 0, failed: 2 });
      expect(await deliveryBacklog(db)).toBe(backlog);
      expect(heard.map(({ retried, failed }) => [retried, failed])).toEqual([
        [2, 0],
        [0, 0],
        [2, 0],
        [0, 2],
      ]);
    });

    it('purges the delivery rows of an executed notification past the retention, in batches, and keeps its counts', async () => {
      const { db } = server();
      const app = await newApplication(db);
      await addRecipients(db, app, 5);
      const old = await schedule(db, [app], 1);
      const day = 24 * 60 * 60 * 1000;
      const instance = scheduler({ deliveryRetentionMs: 90 * day, purgeBatchSize: 2 });
      now = new Date(old.sendAt.getTime() + 1000);
      expect(await instance.runOnce()).toMatchObject({ planned: 1, sent: 5, completed: 1, purged: 0 });
      const counts = { idstate: NOTIFICATION_STATE.executed, recipients: 5, sent: 5, failed: 0 };
      expect(await recordOf(db, old.id)).toMatchObject(counts);

      // within the retention: kept
      now = new Date(old.sendAt.getTime() + 89 * day);
      expect(await instance.runOnce()).toMatchObject({ purged: 0 });
      expect(await deliveriesOf(db, old.id)).toHaveLength(5);

      // a notification executed now keeps its rows while the old one's go
      const recent = await schedule(db, [app], 1);
      await db
        .updateTable('notifications')
        .set({ send_at: new Date(old.sendAt.getTime() + 90 * day) })
        .where('id', '=', recent.id)
        .execute();
      now = new Date(old.sendAt.getTime() + 91 * day);
      const run = await instance.runOnce();
      expect(run).toMatchObject({ planned: 1, sent: 5, completed: 1 });
      expect(run.purged).toBeGreaterThanOrEqual(5);
      expect(await deliveriesOf(db, old.id)).toEqual([]);
      expect(await recordOf(db, old.id)).toMatchObject(counts);
      expect(await deliveriesOf(db, recent.id)).toHaveLength(5);
      expect(await recordOf(db, recent.id)).toMatchObject(counts);
      // nothing left to purge
      expect(await instance.runOnce()).toMatchObject({ purged: 0 });
    });

    it('keeps every delivery row when the retention is 0', async () => {
      const { db } = server();
      const app = await newApplication(db);
      await addRecipients(db, app, 1);
      const { id, sendAt } = await schedule(db, [app], 1);
      const instance = scheduler({ deliveryRetentionMs: 0 });
      now = new Date(sendAt.getTime() + 1000);
      await instance.runOnce();
      now = new Date(sendAt.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
      expect(await instance.runOnce()).toMatchObject({ purged: 0 });
      expect(await deliveriesOf(db, id)).toHaveLength(1);
    });

    it('a sender that dies mid-send leaves no recipient unsent: its claimed deliveries are taken over when the lease ends, with the same Message-ID', async () => {
      const { db } = server();
      const app = await newApplication(db);
      const emails = await addRecipients(db, app, 12);
      const { id, sendAt } = await schedule(db, [app], 1);
      const received = sink.messages.length;
      const real = new Mailer(db, 'Suite <no-reply@suite.test>', sink.url);
      mailers.push(real);
      let calls = 0;
      // the fifth message is accepted by the SMTP server, then the process "dies" before marking it
      const dying = {
        send: async (mail: OutgoingMail) => {
          calls++;
          if (calls > 5) return never();
          await real.send(mail);
          if (calls === 5) return never();
        },
      };
      now = new Date(sendAt.getTime() + 1000);
      const killed = scheduler({ mailer: dying, concurrency: 1, batchSize: 8, leaseMs: 60_000 });
      void killed.runOnce();
      await sink.waitFor(received + 5);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await deliveriesOf(db, id)).filter((d) => d.status === 'sent')).toHaveLength(4);

      // another instance (or the restarted one): nothing of the dead claim until its lease ends
      const survivor = scheduler({ leaseMs: 60_000 });
      expect(await survivor.runOnce()).toMatchObject({ sent: 4 });
      expect((await deliveriesOf(db, id)).filter((d) => d.status === 'sending')).toHaveLength(8 - 4);
      now = new Date(now.getTime() + 60_001);
      expect(await survivor.runOnce()).toMatchObject({ sent: 4, completed: 1 });
      const deliveries = await deliveriesOf(db, id);
      expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
      const messages = sink.messages.slice(received);
      expect([...new Set(messages.map((m) => m.to[0]))].sort()).toEqual(emails.sort());
      // one message was sent twice (accepted, then the sender died): both copies carry its Message-ID
      expect(messages).toHaveLength(13);
      const twice = emails.filter((e) => messages.filter((m) => m.to[0] === e).length > 1);
      expect(twice).toHaveLength(1);
      const copies = messages.filter((m) => m.to[0] === twice[0]).map((m) => m.messageId);
      expect(copies).toEqual([
        deliveries.find((d) => d.email === twice[0])?.message_id,
        deliveries.find((d) => d.email === twice[0])?.message_id,
      ]);
      expect(await recordOf(db, id)).toMatchObject({ idstate: NOTIFICATION_STATE.executed, sent: 12 });
    });
  });

  const PG = Boolean(process.env.DATABASE_URL);

  (PG ? describe : describe.skip)('on two API instances on one PostgreSQL', () => {
    it('delivers a 2,000-recipient notification with every recipient exactly once', async () => {
      const a = await startTestServer('postgres');
      let b: Server | undefined;
      try {
        b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
        const app = await newApplication(a.db);
        const emails = await addRecipients(a.db, app, 2000);
        const { id, sendAt } = await schedule(a.db, [app], 1);
        const now = new Date(sendAt.getTime() + 1000);
        // what each instance handed to its mailer (an SMTP round trip per message would only make this slower)
        const sent: { instance: string; to: string; messageId: string }[] = [];
        const instance = (db: Kysely<DB>, name: string) =>
          new NotificationScheduler({
            db,
            mailer: {
              send: async (mail) => {
                await new Promise((resolve) => setImmediate(resolve));
                sent.push({ instance: name, to: mail.to, messageId: mail.messageId ?? '' });
              },
            },
            publicUrl: PUBLIC_URL,
            clock: () => now,
            batchSize: 20,
            concurrency: 4,
          });
        const runA = instance(a.db, 'a').runOnce();
        // B starts once A has written the deliveries, as a second instance polling a moment later would
        while (
          Number(
            (
              await a.db
                .selectFrom('notification_deliveries')
                .select(sql<number>`count(*)::int`.as('n'))
                .where('notification_id', '=', id)
                .executeTakeFirstOrThrow()
            ).n,
          ) < 2000
        ) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const [ra, rb] = await Promise.all([runA, instance(b.app.ctx.db, 'b').runOnce()]);
        expect(ra.planned + rb.planned).toBe(1);
        expect(ra.sent + rb.sent).toBe(2000);
        expect(ra.sent).toBeGreaterThan(0);
        expect(rb.sent).toBeGreaterThan(0);
        expect(sent).toHaveLength(2000);
        expect(new Set(sent.map((m) => m.to))).toEqual(new Set(emails));
        expect(new Set(sent.map((m) => m.messageId)).size).toBe(2000);
        expect(sent.filter((m) => m.instance === 'a')).toHaveLength(ra.sent);
        expect(await recordOf(a.db, id)).toMatchObject({ idstate: NOTIFICATION_STATE.executed, recipients: 2000, sent: 2000, failed: 0 });
      } finally {
        await b?.app.close();
        await a.dispose();
      }
    }, 60_000);

    it('an instance killed with SIGKILL mid-send leaves no recipient unsent: another takes its deliveries over when the lease ends', async () => {
      const a = await startTestServer('postgres');
      const mailer = new Mailer(a.db, 'Suite <no-reply@suite.test>', sink.url);
      try {
        const app = await newApplication(a.db);
        const emails = await addRecipients(a.db, app, 300);
        const { id, sendAt } = await schedule(a.db, [app], 1);
        const received = sink.messages.length;
        const now = new Date(sendAt.getTime() + 1000);
        const child = fork(path.join(__dirname, '../../../test/notify-worker.ts'), [], {
          execArgv: ['--conditions=source', '--import', 'tsx'],
          env: { ...process.env, DATABASE_URL: a.config.databaseUrl, SMTP_URL: sink.url, NOW: String(now.getTime()) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
        await sink.waitFor(received + 40, 30_000);
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        const left = await deliveriesOf(a.db, id);
        expect(left.filter((d) => d.status === 'sending').length).toBeGreaterThan(0);
        expect(left.filter((d) => d.status === 'sent').length).toBeLessThan(300);

        // the restarted instance, after the dead one's lease
        const restarted = new NotificationScheduler({
          db: a.db,
          mailer,
          publicUrl: PUBLIC_URL,
          clock: () => new Date(now.getTime() + 120_001),
        });
        const result = await restarted.runOnce();
        expect(result.completed).toBe(1);
        const deliveries = await deliveriesOf(a.db, id);
        expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
        const messages = sink.messages.slice(received);
        expect(new Set(messages.map((m) => m.to[0]))).toEqual(new Set(emails));
        // a message sent twice is one the dead instance had handed over without marking it: same Message-ID
        const byId = new Map(deliveries.map((d) => [d.email, d.message_id]));
        for (const message of messages) expect(message.messageId).toBe(byId.get(message.to[0]));
        expect(messages.length - 300).toBeLessThanOrEqual(20);
        expect(await recordOf(a.db, id)).toMatchObject({ idstate: NOTIFICATION_STATE.executed, sent: 300 });
      } finally {
        mailer.close();
        await a.dispose();
      }
    }, 90_000);

    it('catches up at start a notification that fell due while the API was down', async () => {
      const a = await startTestServer('postgres');
      let b: Server | undefined;
      try {
        const app = await newApplication(a.db);
        const emails = await addRecipients(a.db, app, 5);
        const { id } = await schedule(a.db, [app], 1);
        // it fell due an hour ago
        await a.db
          .updateTable('notifications')
          .set({ send_at: new Date(Date.now() - 3_600_000) })
          .where('id', '=', id)
          .execute();
        const received = sink.messages.length;
        b = await createServer(
          { ...a.config, smtpUrl: sink.url, notificationPollMs: 60_000 },
          { logger: false, onGeneratedAdminPassword: () => undefined },
        );
        await b.app.ready();
        await sink.waitFor(received + 5);
        expect(
          sink.messages
            .slice(received)
            .map((m) => m.to[0])
            .sort(),
        ).toEqual(emails.sort());
        const deadline = Date.now() + 5000;
        while ((await recordOf(a.db, id)).idstate !== NOTIFICATION_STATE.executed && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        expect(await recordOf(a.db, id)).toMatchObject({ idstate: NOTIFICATION_STATE.executed, sent: 5 });
      } finally {
        await b?.app.close();
        await a.dispose();
      }
    }, 60_000);
  });
});
