import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { beginSignIn } from '../src/modules/auth/lockout';
import { recordSignIn } from '../src/modules/auth/queries';
import { newRefreshToken } from '../src/security/tokens';
async function main() {
  for (const dataDir of [fs.mkdtempSync(path.join(os.tmpdir(), 'pgl-')), 'memory://']) {
    const database = await openDatabase({ dataDir });
    const db = database.db;
    await migrate(db);
    await seed(db, { adminPassword: 'Adm1n.Pass-x', adminEmail: 'a@b.c', demoData: false });
    const time = async (label: string, fn: () => Promise<unknown>, n = 200) => {
      for (let i = 0; i < 20; i++) await fn();
      const c = process.cpuUsage(); const t = process.hrtime.bigint();
      for (let i = 0; i < n; i++) await fn();
      const u = process.cpuUsage(c);
      console.log(dataDir.slice(0, 10), label.padEnd(16), 'wall', (Number(process.hrtime.bigint() - t) / 1e6 / n).toFixed(2), 'cpu', ((u.user + u.system) / 1000 / n).toFixed(2));
    };
    await time('select 1', () => sql`select ${1}::int`.execute(db));
    let start: any;
    await time('begin', async () => { start = await beginSignIn(db, 'ibuhoo', 'admin'); });
    await time('begin+success', async () => {
      const s: any = await beginSignIn(db, 'ibuhoo', 'admin');
      await recordSignIn(db, { userId: s.user.id, applicationId: s.application.id, subject: s.subject, refreshTokenHash: newRefreshToken().hash, refreshSeconds: 100, codeSeconds: 60 });
    });
    await database.close();
  }
}
main();
