import { spawnSync } from 'node:child_process';
import { ADMIN_PASSWORD, login, startTestServer } from '../../test/harness';
import { restoreDrill } from './restore-drill';

const onPostgres = process.env.DATABASE_URL && spawnSync('pg_dump', ['--version']).status === 0 ? describe : describe.skip;

onPostgres('the restore drill', () => {
  it('restores a dump of the live database into a fresh one where the same people sign in with the same key', async () => {
    const live = await startTestServer('postgres');
    try {
      // some traffic first: sessions and an audit trail to carry over
      expect((await login(live.app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
      const lines: string[] = [];
      const result = await restoreDrill({
        sourceUrl: live.config.databaseUrl as string,
        userName: 'admin',
        password: ADMIN_PASSWORD,
        log: (line) => lines.push(line),
      });
      expect(result.differences).toEqual([]);
      expect(result.tables).toBeGreaterThan(20);
      expect(result.signedIn).toBe(true);
      expect(result.sameSigningKey).toBe(true);
      expect(lines.join('\n')).toMatch(/restored .* with pg_restore/);
    } finally {
      await live.dispose();
    }
  }, 120_000);

  it('fails the sign-in with a wrong password, and leaves no scratch database behind', async () => {
    const live = await startTestServer('postgres');
    try {
      const result = await restoreDrill({ sourceUrl: live.config.databaseUrl as string, userName: 'admin', password: 'not-the-password' });
      expect(result.signedIn).toBe(false);
      const { Client } = await import('pg');
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(`select datname from pg_database where datname = $1`, [
          new URL(result.restoredUrl).pathname.slice(1),
        ]);
        expect(rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await live.dispose();
    }
  }, 120_000);
});
