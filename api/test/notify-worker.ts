/**
 * A notification sender in a process of its own (scheduler.test.ts kills it with SIGKILL mid-send):
 * one run of the scheduler on DATABASE_URL, at the instant NOW (ms), sending to SMTP_URL.
 */
import { openDatabase } from '../src/db';
import { Mailer } from '../src/modules/mail/mailer';
import { NotificationScheduler } from '../src/modules/notifications/scheduler';

void (async () => {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  const mailer = new Mailer(database.db, 'Suite <no-reply@suite.test>', process.env.SMTP_URL);
  const now = new Date(Number(process.env.NOW));
  const scheduler = new NotificationScheduler({
    db: database.db,
    mailer,
    publicUrl: 'https://id.suite.example',
    clock: () => now,
    instanceId: 'doomed',
  });
  process.send?.('running');
  await scheduler.runOnce();
  mailer.close();
  await database.close();
})();
