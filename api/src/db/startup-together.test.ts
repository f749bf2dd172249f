import { sql } from 'kysely';
import { createServer, type Server } from '../app';
import { createPostgresDatabase, testConfig } from '../../test/harness';
import { listMigrations } from './migrate';

const PG = Boolean(process.env.DATABASE_URL);

/**
 * Instances of a cluster start together on one PostgreSQL (a deployment, a rolling restart after
 * an upgrade): the first migrates and seeds the empty database, the others wait on the startup
 * lock and find it done (docs/architecture.md §3, Operations).
 */
(PG ? describe : describe.skip)('three instances starting at once on an empty PostgreSQL', () => {
  it('all become ready, the migrations run once in one transaction, the seed is not repeated', async () => {
    const database = await createPostgresDatabase();
    const servers: Server[] = [];
    try {
      const config = testConfig({ databaseUrl: database.url });
      const started = await Promise.allSettled(
        [0, 1, 2].map(() => createServer(config, { logger: false, onGeneratedAdminPassword: () => undefined })),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      for (const { app } of servers) expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      const { db } = servers[0].app.ctx;
      const migrations = await db.selectFrom('schema_migrations').select(['version', 'applied_at']).execute();
      expect(migrations.map((m) => m.version).sort()).toEqual(listMigrations().map((m) => m.version));
      // one transaction applied them all: now() is the transaction's start
      expect(new Set(migrations.map((m) => new Date(m.applied_at).getTime())).size).toBe(1);

      const count = async (table: 'users' | 'applications' | 'privileges' | 'roles') =>
        (await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const once = { users: await count('users'), applications: await count('applications'), privileges: await count('privileges') };
      expect(once.users).toBe(1);
      // the same database seeded by one instance alone has as many reference rows
      const alone = await createPostgresDatabase();
      try {
        const single = await createServer(testConfig({ databaseUrl: alone.url }), {
          logger: false,
          onGeneratedAdminPassword: () => undefined,
        });
        try {
          const { db: aloneDb } = single.app.ctx;
          const n = async (table: 'applications' | 'privileges') =>
            (await aloneDb.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
          expect({ applications: once.applications, privileges: once.privileges }).toEqual({
            applications: await n('applications'),
            privileges: await n('privileges'),
          });
        } finally {
          await single.app.close();
        }
      } finally {
        await alone.drop();
      }
    } finally {
      await Promise.all(servers.map(({ app }) => app.close()));
      await database.drop();
    }
  }, 120_000);
});
