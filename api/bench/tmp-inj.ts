import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { payloadCipher } from '@suite/shared/contracts';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { createUser } from '../test/harness';
import { hashPassword } from '../src/security/passwords';
(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inj-'));
  const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'error', RATE_LIMIT: 'off', PAYLOAD_KEY: 'k', SUITE_ADMIN_PASSWORD: 'Adm1n.Pass-x', NODE_ENV: 'production' }) };
  const { app } = await createServer(config, { logger: false });
  await createUser(app.ctx.db, { userName: 'u1', password: 'Bench.Pass-2025' });
  const payload = { user: 'u1', password: payloadCipher.encryptPayload('Bench.Pass-2025', 'k'), appname: 'ibuhoo' };
  const measure = async (label: string, fn: () => Promise<unknown>, n = 150) => {
    for (let i = 0; i < 10; i++) await fn();
    const c = process.cpuUsage(); const t = Date.now();
    for (let i = 0; i < n; i++) await fn();
    const u = process.cpuUsage(c);
    console.log(label.padEnd(14), 'cpu/op', ((u.user + u.system) / 1000 / n).toFixed(2), 'wall/op', ((Date.now() - t) / n).toFixed(2));
  };
  await measure('login', async () => { const r = await app.inject({ method: 'POST', url: '/api/Login', payload }); if (r.statusCode !== 200) throw new Error(r.body); });
  const h = await hashPassword('Bench.Pass-2025');
  await measure('verify', () => verify(h, 'Bench.Pass-2025'));
  await measure('version', () => app.inject({ method: 'GET', url: '/api/application/getVersionApp', headers: { appName: 'ibuhoo' } }));
  await measure('decrypt', async () => payloadCipher.decryptPayload(payload.password, 'k'), 1000);
  await app.close();
})();
