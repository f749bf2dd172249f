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

import { openDatabase } from '../src/db';
import { Mailer } from '../src/modules/mail/mailer';
import { NotificationScheduler } from '../src/modules/notifications/scheduler';
import { renderNotification } from '../src/modules/notifications/render';
import { envInt, fmt, line, prepareDatabaseOn, runOnBackends, type BenchBackend } from './common';
import { notificationToRecipients } from './recipients';
import { startSink } from './sink';

const GOAL_RATIO = 0.8;
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
    const { id, due } = await notificationToRecipients(db, { application: 'benchnotify', count: recipients, reason: 'Bench notify' });

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
