import { describeEachBackend, json } from '../../../test/harness';

const MAILBOX_URLS = ['/dev/mail', '/dev/mail.json', '/dev/mail/1', '/dev/mail/1.json'];

describeEachBackend('development mailbox: loopback clients only', (server) => {
  beforeAll(async () => {
    await server()
      .db.insertInto('mailbox')
      .values({
        to_address: 'someone@test.localhost',
        subject: 'Reset',
        text_body: 'link',
        html_body: '<a href="http://x/reset?t=1">x</a>',
      })
      .execute();
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('serves the mailbox to %s', async (remoteAddress) => {
    const { app } = server();
    const list = await app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress });
    expect(list.statusCode).toBe(200);
    const [first] = json<{ id: number }[]>(list);
    expect((await app.inject({ method: 'GET', url: `/dev/mail/${first.id}`, remoteAddress })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress })).statusCode).toBe(200);
  });

  it.each(['203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1', '10.0.0.1'])(
    'answers %s with the same 404 envelope as an unknown path',
    async (remoteAddress) => {
      const { app } = server();
      const unknown = await app.inject({ method: 'GET', url: '/no/such/path', remoteAddress });
      for (const url of MAILBOX_URLS) {
        const response = await app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual(json(unknown));
        expect(response.body).not.toContain('someone@test.localhost');
      }
    },
  );

  it('does not believe X-Forwarded-For: the socket address decides', async () => {
    const { app } = server();
    const response = await app.inject({
      method: 'GET',
      url: '/dev/mail.json',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
  });
});
