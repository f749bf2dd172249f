import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ADMIN_PASSWORD, createUser, describeEachBackend, json, tokenFor } from '../../test/harness';
import { COMPRESSION_THRESHOLD } from './compression';

describeEachBackend('compression of API replies', (server) => {
  let token: string;
  beforeAll(async () => {
    for (let i = 0; i < 12; i++)
      await createUser(server().db, { userName: `compress.user${i}`, names: 'Compressible', surnames: `Person ${i}` });
    token = await tokenFor(server().app, 'admin', ADMIN_PASSWORD);
  });

  const list = (headers: Record<string, string> = {}) =>
    server().app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${token}`, ...headers } });

  it('compresses a reply above the threshold with brotli when accepted, else gzip, with vary', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const envelope = json(plain);
    expect(envelope.statusCode).toBe(200);

    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(envelope);

    const gzip = await list({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(envelope);

    const identity = await list({ 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(json(identity)).toEqual(envelope);
  });

  it('sends small replies as they are', async () => {
    const health = await server().app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });

  it('leaves the hub negotiation readable', async () => {
    const negotiate = await server().app.inject({
      method: 'POST',
      url: '/api/connections/session/negotiate?negotiateVersion=1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(negotiate.statusCode).toBe(200);
    expect(negotiate.headers['content-encoding']).toBeUndefined();
    expect(negotiate.json()).toMatchObject({ negotiateVersion: 1 });
  });
});
