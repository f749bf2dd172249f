/**
 * pnpm bench:notify — the notification scheduler delivering one notification to 10,000 recipients
 * through a local SMTP server (a sink in a process of its own), against the bound measured in the
 * same run: a bare send loop of the same mailer (the API's Mailer, pooled SMTP) to the same sink,
 * with as many senders at once and no database. The scheduler does everything the API does when
 * a notification falls due: plans its recipients into delivery rows, claims them in batches
 * (FOR UPDATE SKIP LOCKED, leases), renders each e-mail, sends it and marks it sent. Prints mails
 * per second for both and their ratio next to the goal (≥ 0.8 of the bound on PostgreSQL).
 *
 *   Backends: PostgreSQL (a fresh database) when DATABASE_URL is set, and PGlite (a temporary
 *   directory) — BENCH_BACKENDS=postgres or =pglite runs one.
 *   BENCH_RECIPIENTS (default 10000); BENCH_SENDERS (default 10, the scheduler's default) sending
 *   at once over the mailer's pool of 5 SMTP connections (nodemailer's default), in both loops.
 */
import { sql } from 'kysely';
import { dateIn, nextDate, notificationSendAt } from '@suite/shared/contracts';

import { openDatabase } from '../src/db';
import { Mailer } from '../src/modules/mail/mailer';
import { NotificationScheduler } from '../src/modules/notifications/scheduler';
import { createNotification } from '../src/modules/notifications/service';
import { renderNotification } from '../src/modules/notifications/render';
import { envInt, fmt, line, prepareDatabaseOn, runOnBackends, type BenchBackend } from './common';
import { startSink } from './sink';

const GOAL_RATIO = 0.8;
const TEMPLATE = 'mantenimiento-programado';
const FROM = 'Suite <no-reply@bench.localhost>';

/** `count` mails through the mailer by `senders` loops at once; mails per second. */
async function bareLoop(mailer: Mailer, count: number, senders: number): Promise<number> {
  const mail = renderNotification({
    template: {
      title: 'Mantenimiento programado',
      bodyHtml: '<p>Hola {{destinatario}},</p><p>Mantenimiento el {{fecha}}.</p>',
      imageUrl: 'http://localhost:8080/api/Notifications/TemplateImage/x',
    },
    subject: 'Aviso de mantenimiento',
    definitions: [{ type: 'date', name: 'fecha', label: 'Fecha' }],
    values: [{ name: 'fecha', value: '2026-12-01' }],
    timeZone: 'America/Bogota',
    sendAt: new Date(),
    recipient: { names: 'Destinatario' },
  });
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let i = next++; i < count; i = next++)
        await mailer.send({ to: `bare${i}@sink.bench`, ...mail, messageId: `<bare.${i}@bench.localhost>` });
    }),
  );
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

runOnBackends('bench:notify', async (backend: BenchBackend) => {
  const recipients = envInt('BENCH_RECIPIENTS', 10_000);
  const senders = envInt('BENCH_SENDERS', 10);
  process.stdout.write(`\nbench:notify on ${backend}: ${recipients} recipients, ${senders} senders\n`);
  // one bench account (the shared preparation always adds some)
  const bench = await prepareDatabaseOn(backend, 1);
  const sink = await startSink();
  const database = await openDatabase({
    databaseUrl: bench.env.DATABASE_URL,
    dataDir: bench.env.DATA_DIR ?? 'memory://',
    poolSize: senders + 2,
  });
  const db = database.db;
  const mailer = new Mailer(db, FROM, sink.url);
  try {
    // the recipients: active users holding a role in an application of their own, offered the template
    const app = await db
      .insertInto('applications')
      .values({ name: 'benchnotify', title: 'Bench notify' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('notification_template_applications').values({ template_id: TEMPLATE, application_id: app.id }).execute();
    const role = await db.insertInto('roles').values({ name: 'Destinatarios bench' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('role_applications').values({ role_id: role.id, application_id: app.id }).execute();
    await sql`
      with inserted as (
        insert into users (user_name, email, names, surnames)
        select 'dest' || g, 'dest' || g || '@sink.bench', 'Destinatario', g::text from generate_series(1, ${recipients}::int) g
        returning id)
      insert into user_roles (user_id, role_id, application_id) select id, ${role.id}::int, ${app.id}::int from inserted`.execute(db);
    const date = nextDate(dateIn('America/Bogota', new Date()));
    const subject = await db
      .selectFrom('notification_subjects')
      .select('id')
      .where('template_id', '=', TEMPLATE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id } = await createNotification(
      db,
      undefined,
      {
        reason: 'Bench',
        templateId: TEMPLATE,
        subjectId: subject.id,
        applicationIds: [app.id],
        executionDate: date,
        timeZone: undefined,
        variables: [
          { name: 'fecha', value: nextDate(date) },
          { name: 'horaInicio', value: { hour: 22, minutes: 0, complement: true } },
          { name: 'horaFin', value: { hour: 23, minutes: 30, complement: false } },
          { name: 'detalle', value: 'Actualización <programada> de la base de datos.' },
          { name: 'interrupcion', value: true },
        ],
      },
      new Date(),
    );
    const due = new Date(notificationSendAt(date, 'America/Bogota').getTime() + 1000);

    // the bound: half before and half after the scheduler, so a change of the machine's load counts on both sides
    const half = Math.max(1, Math.floor(recipients / 2));
    const boundBefore = await bareLoop(mailer, half, senders);
    const before = await sink.count();

    const scheduler = new NotificationScheduler({ db, mailer, publicUrl: 'http://localhost:8080', clock: () => due, concurrency: senders });
    const started = process.hrtime.bigint();
    const result = await scheduler.runOnce();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = await sink.count();

    const boundAfter = await bareLoop(mailer, recipients - half, senders);
    const bound = 2 / (1 / boundBefore + 1 / boundAfter);
    const rate = result.sent / seconds;
    const ratio = rate / bound;

    const stored = await db
      .selectFrom('notification_deliveries')
      .select([sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'), sql<number>`count(*)::int`.as('all')])
      .where('notification_id', '=', id)
      .executeTakeFirstOrThrow();
    const delivered = after.count - before.count;
    const exact = result.sent === recipients && stored.sent === recipients && delivered === recipients;

    line('bare send loop (bound)', `${fmt(bound)} /s`, `before ${fmt(boundBefore)} /s, after ${fmt(boundAfter)} /s`);
    line('scheduler', `${fmt(rate)} /s`, `${result.sent} sent in ${fmt(seconds, 2)} s (planning included), ${result.failed} failed`);
    line('ratio', fmt(ratio, 2), `goal ≥ ${GOAL_RATIO} on PostgreSQL${backend === 'pglite' ? ' (reported only on PGlite)' : ''}`);
    line('delivered once each', exact ? 'yes' : 'NO', `${delivered} accepted by the sink, ${stored.sent} of ${stored.all} deliveries sent`);
    return exact && (backend === 'pglite' || ratio >= GOAL_RATIO);
  } finally {
    mailer.close();
    await database.close();
    await sink.stop();
    await bench.cleanup();
  }
});
