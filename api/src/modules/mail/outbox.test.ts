import { sql } from 'kysely';
import { createUser, describeEachBackend, json } from '../../../test/harness';
import type { OutgoingMail } from './mailer';
import { PASSWORD_MAIL_JOB, passwordMailComposer } from '../passwords/send-link';
import { MailOutbox, enqueueMail } from './outbox';

/** A mailer that records what it was given; `fail` makes the next sends throw. */
function recordingMailer(fail = 0) {
  const sent: OutgoingMail[] = [];
  let failures = fail;
  return {
    sent,
    async send(mail: OutgoingMail) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (failures > 0) {
        failures--;
        throw new Error('SMTP 451 try again later');
      }
      sent.push(mail);
    },
  };
}

const message = (to: string, n = 0): OutgoingMail => ({ to, subject: `Asunto ${n}`, text: `texto ${n}`, html: `<p>${n}</p>` });

describeEachBackend('mail outbox', (server) => {
  const outbox = (mailer: ReturnType<typeof recordingMailer>, extra: Partial<ConstructorParameters<typeof MailOutbox>[0]> = {}) =>
    new MailOutbox({ db: server().db, mailer, messageDomain: 'suite.test', pollMs: 0, ...extra });

  beforeAll(async () => {
    // the server's own outbox stays out of the way of the ones these tests drive
    await server().app.ctx.outbox.stop();
  });
  beforeEach(async () => {
    await server().db.deleteFrom('mail_outbox').execute();
  });

  it('sends a queued message once, with a stable Message-ID, and keeps it as sent', async () => {
    const mailer = recordingMailer();
    await enqueueMail(server().db, message('one@suite.test'), 'suite.test');
    const box = outbox(mailer);
    expect(await box.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await box.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toEqual([{ ...message('one@suite.test'), messageId: expect.stringMatching(/^<[0-9a-f-]{36}@suite\.test>$/) }]);
    const row = await server().db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, sent_at: expect.any(Date), failed_at: null, leased_until: null });
  });

  it('retries a refused send later with a doubling delay, then fails it for good', async () => {
    const mailer = recordingMailer(3);
    await enqueueMail(server().db, message('retry@suite.test'), 'suite.test');
    const box = outbox(mailer, { retryBaseMs: 0, maxAttempts: 3 });
    expect(await box.drain()).toEqual({ sent: 0, retried: 2, failed: 1 });
    const row = await server().db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, sent_at: null, failed_at: expect.any(Date), last_error: 'SMTP 451 try again later' });
    expect(mailer.sent).toEqual([]);

    await server().db.deleteFrom('mail_outbox').execute();
    const patient = recordingMailer(1);
    await enqueueMail(server().db, message('later@suite.test'), 'suite.test');
    const slow = outbox(patient, { retryBaseMs: 60_000 });
    expect(await slow.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    // not due yet: the next run leaves it
    expect(await slow.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const { next } = await server()
      .db.selectFrom('mail_outbox')
      .select(sql<number>`extract(epoch from next_attempt_at - now())::float8`.as('next'))
      .executeTakeFirstOrThrow();
    expect(next).toBeGreaterThan(50);
    await server()
      .db.updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await slow.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
  });

  it('two instances draining at once send each message exactly once', async () => {
    const a = recordingMailer();
    const b = recordingMailer();
    for (let i = 0; i < 40; i++) await enqueueMail(server().db, message(`many${i}@suite.test`, i), 'suite.test');
    const [ra, rb] = await Promise.all([outbox(a, { batchSize: 3 }).drain(), outbox(b, { batchSize: 3 }).drain()]);
    expect(ra.sent + rb.sent).toBe(40);
    const to = [...a.sent, ...b.sent].map((m) => m.to).sort();
    expect(to).toEqual(Array.from({ length: 40 }, (_, i) => `many${i}@suite.test`).sort());
  });

  it('takes over a message whose instance died mid-send once its lease ends, with the same Message-ID', async () => {
    await enqueueMail(server().db, message('orphan@suite.test'), 'suite.test');
    // an instance claimed it and died: its lease still holds, then runs out
    await server()
      .db.updateTable('mail_outbox')
      .set({ lease_owner: 'dead', leased_until: new Date(Date.now() + 60_000), attempts: 1 })
      .execute();
    const mailer = recordingMailer();
    const box = outbox(mailer);
    expect((await box.drain()).sent).toBe(0);
    await server()
      .db.updateTable('mail_outbox')
      .set({ leased_until: new Date(Date.now() - 1) })
      .execute();
    expect((await box.drain()).sent).toBe(1);
    const row = await server().db.selectFrom('mail_outbox').select(['message_id', 'attempts']).executeTakeFirstOrThrow();
    expect(mailer.sent[0].messageId).toBe(row.message_id);
    expect(row.attempts).toBe(2);
  });

  it('purges sent and failed messages past their retention', async () => {
    await enqueueMail(server().db, message('old@suite.test'), 'suite.test');
    await enqueueMail(server().db, message('new@suite.test'), 'suite.test');
    await outbox(recordingMailer()).drain();
    await server()
      .db.updateTable('mail_outbox')
      .set({ sent_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('to_address', '=', 'old@suite.test')
      .execute();
    await outbox(recordingMailer()).drain();
    expect((await server().db.selectFrom('mail_outbox').select('to_address').execute()).map((r) => r.to_address)).toEqual([
      'new@suite.test',
    ]);
  });

  it('a reset answers without waiting for the mail server: the mail is queued, sent after the answer', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'outbox.reset', email: 'outbox.reset@suite.test', password: 'Outbox.Pass-2026' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: OutgoingMail[] = [];
    const box = outbox({ sent: [], send: async (mail: OutgoingMail) => (await held, void sent.push(mail)) } as unknown as ReturnType<
      typeof recordingMailer
    >);
    box.compose(PASSWORD_MAIL_JOB, passwordMailComposer(app.ctx));
    const own = app.ctx.outbox;
    app.ctx.outbox = box;
    try {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/login/ResetPassword',
        payload: { user: 'outbox.reset', appname: 'ibuhoo' },
      });
      expect(reply.statusCode).toBe(200);
      expect(json(reply).result.maskedEmail).toEqual(expect.any(String));
      expect(sent).toEqual([]); // answered while the mail server still holds the message
      expect(await db.selectFrom('mail_outbox').select(['message_id', 'sent_at']).execute()).toEqual([
        { message_id: expect.any(String), sent_at: null },
      ]);
      release();
      await box.settled();
      expect(sent.map((m) => m.to)).toEqual(['outbox.reset@suite.test']);
    } finally {
      app.ctx.outbox = own;
    }
  });
});
