import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { payloadCipher } from '@suite/shared/contracts';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { createUser } from '../test/harness';
import { verifyPassword } from '../src/security/passwords';
import { beginSignIn } from '../src/modules/auth/lockout';
import { recordSignIn, limitRefreshTokensByUser } from '../src/modules/auth/queries';
import { issueAccessToken } from '../src/modules/auth/issue';
import { newRefreshToken } from '../src/security/tokens';
(async () => {
  const dir = process.argv[2] === 'mem' ? 'memory://' : fs.mkdtempSync(path.join(os.tmpdir(), 'inj-'));
  const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'error', RATE_LIMIT: 'off', PAYLOAD_KEY: 'k', SUITE_ADMIN_PASSWORD: 'Adm1n.Pass-x', NODE_ENV: 'production' }) };
  const { app } = await createServer(config, { logger: false });
  const db = app.ctx.db;
  await createUser(db, { userName: 'u1', password: 'Bench.Pass-2025' });
  const enc = payloadCipher.encryptPayload('Bench.Pass-2025', 'k');
  const t: Record<string, number> = {};
  const c: Record<string, number> = {};
  const phase = async <T>(k: string, fn: () => Promise<T> | T): Promise<T> => {
    const c0 = process.cpuUsage(); const t0 = process.hrtime.bigint();
    const r = await fn();
    t[k] = (t[k] ?? 0) + Number(process.hrtime.bigint() - t0) / 1e6;
    const u = process.cpuUsage(c0); c[k] = (c[k] ?? 0) + (u.user + u.system) / 1000;
    return r;
  };
  const N = 150;
  for (let i = 0; i < N + 10; i++) {
    if (i === 10) { for (const k in t) { t[k] = 0; c[k] = 0; } }
    const pw = await phase('decrypt', () => payloadCipher.decryptPayload(enc, 'k') as string);
    const s: any = await phase('begin', () => beginSignIn(db, 'ibuhoo', 'u1'));
    await phase('verify', () => verifyPassword(s.user.password_hash, pw));
    const refresh = await phase('refreshgen', () => newRefreshToken());
    const rec = await phase('record', () => recordSignIn(db, { userId: s.user.id, applicationId: s.application.id, subject: s.subject, refreshTokenHash: refresh.hash, refreshSeconds: 100, codeSeconds: 60 }));
    await phase('concurrency', () => app.ctx.sessions.enforceConcurrency({ applicationId: 1, isConcurrentSession: false, maxConcurrentTokens: 1, maxConcurrentTokensByUser: -1 }, s.user.id));
    await phase('limitrefresh', () => limitRefreshTokensByUser(db, s.user.id, 1, 0));
    await phase('sign', () => issueAccessToken(app.ctx, { appName: 'ibuhoo', amountTime: 8, timeUnit: 2, sessionId: rec.sessionId, userId: s.user.id, userName: 'u1', names: 'a', surnames: 'b', access: rec }));
  }
  for (const k in t) console.log(k.padEnd(14), 'wall', (t[k] / N).toFixed(2), 'cpu', (c[k] / N).toFixed(2));
  await app.close();
})();
