import { payloadCipher } from '@suite/shared/contracts';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { createUser, createPostgresDatabase } from '../test/harness';
import { verifyPassword } from '../src/security/passwords';
import { beginSignIn } from '../src/modules/auth/lockout';
import { recordSignIn } from '../src/modules/auth/queries';
import { issueAccessToken } from '../src/modules/auth/issue';
import { newRefreshToken } from '../src/security/tokens';
(async () => {
  const pgdb = await createPostgresDatabase();
  const config = { ...loadConfig({ DATABASE_URL: pgdb.url, LOG_LEVEL: 'error', RATE_LIMIT: 'off', PAYLOAD_KEY: 'k', SUITE_ADMIN_PASSWORD: 'Adm1n.Pass-x', NODE_ENV: 'production' }) };
  const { app } = await createServer(config, { logger: false });
  const db = app.ctx.db;
  for (let u = 1; u <= 4; u++) await createUser(db, { userName: 'u' + u, password: 'Bench.Pass-2025' });
  const enc = payloadCipher.encryptPayload('Bench.Pass-2025', 'k');
  const t: Record<string, number> = {};
  const phase = async <T>(k: string, fn: () => Promise<T> | T): Promise<T> => {
    const t0 = process.hrtime.bigint(); const r = await fn();
    t[k] = (t[k] ?? 0) + Number(process.hrtime.bigint() - t0) / 1e6; return r;
  };
  const N = 100; const conc = Number(process.argv[2] ?? 1);
  const t0 = Date.now();
  await Promise.all(Array.from({ length: conc }, async (_, w) => {
    for (let i = 0; i < N / conc; i++) {
      const pw = await phase('decrypt', () => payloadCipher.decryptPayload(enc, 'k') as string);
      const s: any = await phase('begin', () => beginSignIn(db, 'ibuhoo', 'u' + (w + 1)));
      await phase('verify', () => verifyPassword(s.user.password_hash, pw));
      const refresh = newRefreshToken();
      const rec = await phase('record', () => recordSignIn(db, { userId: s.user.id, applicationId: s.application.id, subject: s.subject, refreshTokenHash: refresh.hash, refreshSeconds: 100, codeSeconds: 60 }));
      await phase('sign', () => issueAccessToken(app.ctx, { appName: 'ibuhoo', amountTime: 8, timeUnit: 2, sessionId: rec.sessionId, userId: s.user.id, userName: 'u1', names: 'a', surnames: 'b', access: rec }));
    }
  }));
  console.log('conc', conc, 'throughput', (N / ((Date.now() - t0) / 1000)).toFixed(1), '/s');
  for (const k in t) console.log(k.padEnd(10), 'wall avg', (t[k] / N).toFixed(2));
  await app.close(); await pgdb.drop();
})();
