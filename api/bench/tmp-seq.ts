import { verify } from '@node-rs/argon2';
import { payloadCipher } from '@suite/shared/contracts';
import { hashPassword } from '../src/security/passwords';
import { BENCH_PASSWORD, PAYLOAD_KEY, prepareDatabase, startApi } from './common';
(async () => {
  const db = await prepareDatabase(4);
  const api = await startApi(db.env);
  const body = JSON.stringify({ user: 'bench.user1', password: payloadCipher.encryptPayload(BENCH_PASSWORD, PAYLOAD_KEY), appname: 'ibuhoo' });
  const go = async (n: number, url = '/api/Login', init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body }) => {
    const c0 = api.cpuMs(); const t0 = Date.now();
    for (let i = 0; i < n; i++) { const r = await fetch(api.base + url, init); await r.text(); if (!r.ok) throw new Error(String(r.status)); }
    return { cpu: (api.cpuMs() - c0) / n, wall: (Date.now() - t0) / n };
  };
  await go(30);
  console.log('login seq', await go(200));
  console.log('version seq', await go(200, '/api/application/getVersionApp', { headers: { appName: 'ibuhoo' } }));
  const h = await hashPassword(BENCH_PASSWORD);
  const cpu = process.cpuUsage(); const t = Date.now();
  for (let i = 0; i < 200; i++) await verify(h, BENCH_PASSWORD);
  const u = process.cpuUsage(cpu);
  console.log('verify seq cpu', (u.user + u.system) / 1000 / 200, 'wall', (Date.now() - t) / 200);
  await api.stop(); await db.cleanup();
})();
