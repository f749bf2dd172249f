import { BACKENDS, describeEachBackend, json, startTestServer } from '../../../test/harness';

describeEachBackend('health and an unbuilt suite', (server) => {
  it('answers /healthz while the process is up', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ statusCode: 200, result: { status: 'ok' } });
  });

  it('answers /readyz when the database answers', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ statusCode: 200, result: { status: 'ready', database: server().backend } });
  });

  it('starts without any built front end and answers 404 for its files', async () => {
    const { app } = server();
    expect((await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/mfe/users/mf-manifest.json' })).statusCode).toBe(404);
  });
});

describe.each(BACKENDS)('readiness without a database [%s]', (backend) => {
  it('answers /readyz with 503 once the database is gone, /healthz still 200', async () => {
    const server = await startTestServer(backend);
    try {
      await server.app.ctx.database.close();
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toMatchObject({ statusCode: 503, result: { informationCode: 'R503' } });
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await server.dispose();
    }
  }, 60_000);
});
