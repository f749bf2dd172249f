import { INFORMATION_CODES } from '@suite/shared/contracts';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from '../../app';
import type { DB } from '../../db/schema';
import { ADMIN_PASSWORD, createUser, describeEachBackend, startTestServer, tokenFor } from '../../../test/harness';
import { announceAccessChange } from './grants';

const PASSWORD = 'Gr4nts.Pass-word';

/** A privileged read (USERS_READ) with `token`. */
const readTypes = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/user/GetTypeUser', headers: { authorization: `Bearer ${token}` } });

/** The one role of `userName` (created by the harness with the privileges asked for). */
async function roleOf(db: Kysely<DB>, userName: string): Promise<{ role_id: number; application_id: number }> {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .select(['ur.role_id', 'ur.application_id'])
    .where('u.user_name', '=', userName)
    .executeTakeFirstOrThrow();
}

/** A change as the console makes one: in a transaction that announces it, then dropped here. */
async function change(app: FastifyInstance, work: (trx: Transaction<DB>) => Promise<unknown>): Promise<void> {
  await app.ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    await announceAccessChange(trx);
  });
  app.ctx.access.dropAll();
}

describeEachBackend('access follows the assignments, not the token', (server) => {
  let holder = 0;
  async function signedIn(privileges = ['USERS_READ']): Promise<{ userName: string; token: string }> {
    const userName = `grant.holder.${++holder}`;
    await createUser(server().db, { userName, password: PASSWORD, privileges });
    return { userName, token: await tokenFor(server().app, userName, PASSWORD) };
  }

  it('a role switched off ends the access on the next call with the same token; switched on, it is back', async () => {
    const { app, db } = server();
    const { userName, token } = await signedIn();
    expect((await readTypes(app, token)).statusCode).toBe(200);
    const { role_id } = await roleOf(db, userName);

    await change(app, (trx) => trx.updateTable('roles').set({ idstate: 1 }).where('id', '=', role_id).execute());
    const refused = await readTypes(app, token);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).result.informationCode).toBe(INFORMATION_CODES.forbidden);

    await change(app, (trx) => trx.updateTable('roles').set({ idstate: 0 }).where('id', '=', role_id).execute());
    expect((await readTypes(app, token)).statusCode).toBe(200);
  });

  it('so does a privilege switched off, taken from the role, or taken from the application', async () => {
    const { app, db } = server();
    const privilege = await db.selectFrom('privileges').select('id').where('name', '=', 'USERS_READ').executeTakeFirstOrThrow();
    const changes: Array<
      [
        (trx: Transaction<DB>, role: { role_id: number; application_id: number }) => Promise<unknown>,
        (trx: Transaction<DB>, role: { role_id: number; application_id: number }) => Promise<unknown>,
      ]
    > = [
      [
        (trx) => trx.updateTable('privileges').set({ idstate: 1 }).where('id', '=', privilege.id).execute(),
        (trx) => trx.updateTable('privileges').set({ idstate: 0 }).where('id', '=', privilege.id).execute(),
      ],
      [
        (trx, role) =>
          trx.deleteFrom('role_privileges').where('role_id', '=', role.role_id).where('privilege_id', '=', privilege.id).execute(),
        (trx, role) =>
          trx
            .insertInto('role_privileges')
            .values({ ...role, privilege_id: privilege.id })
            .execute(),
      ],
      [
        (trx, role) =>
          trx
            .deleteFrom('application_privileges')
            .where('application_id', '=', role.application_id)
            .where('privilege_id', '=', privilege.id)
            .execute(),
        (trx, role) =>
          trx.insertInto('application_privileges').values({ application_id: role.application_id, privilege_id: privilege.id }).execute(),
      ],
      [
        (trx, role) => trx.deleteFrom('role_applications').where('role_id', '=', role.role_id).execute(),
        async (trx, role) => {
          // the role's privileges there went with it
          await trx.insertInto('role_applications').values(role).execute();
          await trx
            .insertInto('role_privileges')
            .values({ ...role, privilege_id: privilege.id })
            .execute();
        },
      ],
    ];
    for (const [index, [takeAway, giveBack]] of changes.entries()) {
      const { userName, token } = await signedIn();
      const role = await roleOf(db, userName);
      expect([index, (await readTypes(app, token)).statusCode]).toEqual([index, 200]);
      await change(app, (trx) => takeAway(trx, role));
      expect([index, (await readTypes(app, token)).statusCode]).toEqual([index, 403]);
      await change(app, (trx) => giveBack(trx, role));
      expect([index, (await readTypes(app, token)).statusCode]).toEqual([index, 200]);
    }
  });

  it('a privilege given after sign-in counts at once, and new tokens carry the current privileges', async () => {
    const { app, db } = server();
    const { userName, token } = await signedIn([]);
    const roles = () =>
      app.inject({ method: 'GET', url: '/api/role/list', headers: { authorization: `Bearer ${token}`, application: 'ibuhoo' } });
    expect((await roles()).statusCode).toBe(403);
    const role = await roleOf(db, userName);
    const privilege = await db.selectFrom('privileges').select('id').where('name', '=', 'ROLES_READ').executeTakeFirstOrThrow();
    await change(app, (trx) =>
      trx
        .insertInto('role_privileges')
        .values({ ...role, privilege_id: privilege.id })
        .execute(),
    );
    expect((await roles()).statusCode).toBe(200);
    const fresh = await tokenFor(app, userName, PASSWORD);
    const claims = JSON.parse(Buffer.from(fresh.split('.')[1], 'base64url').toString('utf8')) as { privileges: string[] };
    expect(claims.privileges).toEqual(['ROLES_READ']);
  });

  it('writes every use of an auditable privilege to the audit log, and nothing for the others', async () => {
    const { app, db } = server();
    const { userName, token } = await signedIn();
    const uses = () =>
      db
        .selectFrom('audit_log')
        .select(['actor_name', 'action', 'entity', 'entity_id', 'after'])
        .where('action', '=', 'privilege.use')
        .where('actor_name', '=', userName)
        .execute();
    expect((await readTypes(app, token)).statusCode).toBe(200);
    expect(await uses()).toEqual([]);

    await change(app, (trx) => trx.updateTable('privileges').set({ is_auditable: true }).where('name', '=', 'USERS_READ').execute());
    try {
      expect((await readTypes(app, token)).statusCode).toBe(200);
      const rows = await uses();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'privilege.use', entity: 'privilege', entity_id: 'USERS_READ' });
      expect(typeof rows[0].after === 'string' ? JSON.parse(rows[0].after) : rows[0].after).toEqual({
        method: 'GET',
        path: '/api/user/GetTypeUser',
      });
      // a refused call is no use
      await change(app, (trx) =>
        trx
          .updateTable('roles')
          .set({ idstate: 1 })
          .where(
            'id',
            '=',
            sql<number>`(select role_id from user_roles ur join users u on u.id = ur.user_id where u.user_name = ${userName})`,
          )
          .execute(),
      );
      expect((await readTypes(app, token)).statusCode).toBe(403);
      expect(await uses()).toHaveLength(1);
    } finally {
      await change(app, (trx) => trx.updateTable('privileges').set({ is_auditable: false }).where('name', '=', 'USERS_READ').execute());
    }
  });

  it('audits the next use of a privilege the console marks auditable, on the call right after the save', async () => {
    const { app, db } = server();
    const { userName, token } = await signedIn();
    const admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    const uses = () =>
      db.selectFrom('audit_log').select('id').where('action', '=', 'privilege.use').where('actor_name', '=', userName).execute();
    // cached: the privilege is not auditable
    expect((await readTypes(app, token)).statusCode).toBe(200);
    const row = await db.selectFrom('privileges').selectAll().where('name', '=', 'USERS_READ').executeTakeFirstOrThrow();
    const save = (isAuditable: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/privilege/modify',
        headers: { authorization: `Bearer ${admin}` },
        payload: {
          id: row.id,
          name: row.name,
          description: row.description,
          licence: row.licence,
          isAuditable,
          idstate: row.idstate,
          application: ['ibuhoo'],
        },
      });
    expect((await save(true)).statusCode).toBe(200);
    try {
      expect((await readTypes(app, token)).statusCode).toBe(200);
      expect(await uses()).toHaveLength(1);
    } finally {
      expect((await save(false)).statusCode).toBe(200);
    }
  });

  it('reads the grants once while nothing changes', async () => {
    const { app } = server();
    const { token } = await signedIn();
    const spy = jest.spyOn(app.ctx.access as unknown as { load: (...args: unknown[]) => Promise<unknown> }, 'load');
    for (let i = 0; i < 5; i++) expect((await readTypes(app, token)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

const PG = Boolean(process.env.DATABASE_URL);

(PG ? describe : describe.skip)('two API instances on one PostgreSQL', () => {
  it('a role switched off through instance A refuses the next call on instance B at once', async () => {
    const a = await startTestServer('postgres');
    let b: Server | undefined;
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      await createUser(a.db, { userName: 'two.instances.grant', password: PASSWORD, privileges: ['USERS_READ'] });
      const token = await tokenFor(a.app, 'two.instances.grant', PASSWORD);
      // B has read and cached the grants
      expect((await readTypes(b.app, token)).statusCode).toBe(200);
      expect((await readTypes(b.app, token)).statusCode).toBe(200);
      const { role_id } = await roleOf(a.db, 'two.instances.grant');

      await change(a.app, (trx) => sql`update roles set idstate = 1 where id = ${role_id}`.execute(trx));
      // the NOTIFY reaches B when A's transaction commits; B's next call is refused
      const deadline = Date.now() + 2000;
      let status = (await readTypes(b.app, token)).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await readTypes(b.app, token)).statusCode;
      }
      expect(status).toBe(403);
      // B did not wait for its cache time (30 s) to run out
      expect(Date.now()).toBeLessThan(deadline);
    } finally {
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});
