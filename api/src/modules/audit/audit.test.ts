import { sql } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import { AUDIT_COUNT_CAP, AUDIT_MESSAGES, auditApi } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import { csvCell } from './csv';
import { auditBatches } from './queries';

const PASSWORD = 'Audit.Reader2026';

describeEachBackend("the console's audit section", (server) => {
  const app = () => server().app;
  const db = () => server().db;
  const get = (token: string, url: string) => app().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const list = async (token: string, query: Record<string, string>) =>
    json(await get(token, `${auditApi.list.path}?${new URLSearchParams(query)}`)).result;

  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);
  });

  it('is read with AUDIT_READ only, which the Administrador role holds', async () => {
    await createUser(db(), { userName: 'au.reader', password: PASSWORD, privileges: ['USERS_READ'] });
    const reader = await tokenFor(app(), 'au.reader', PASSWORD);
    expect((await get(reader, auditApi.list.path)).statusCode).toBe(403);
    expect((await get(reader, auditApi.exportCsv.path)).statusCode).toBe(403);
    expect((await get(admin, auditApi.list.path)).statusCode).toBe(200);
  });

  it('filters by actor, action, target, application and dates, newest first, and finds sign-ins, failed ones too', async () => {
    const userId = await createUser(db(), { userName: 'au.person', password: PASSWORD });
    const signIn = (password: string) =>
      app().inject({
        method: 'POST',
        url: '/api/Login',
        payload: { user: 'au.person', password: encryptPayload(password, app().ctx.payloadKey), appname: 'biometria', TypeDeviceId: 2 },
      });
    await signIn('wrong-password');
    await signIn(PASSWORD);

    const failed = await list(admin, { action: 'user.sign_in_failed', search: 'au.person' });
    expect(failed.entries).toHaveLength(1);
    expect(failed.entries[0]).toMatchObject({ action: 'user.sign_in_failed', application: 'biometria' });
    const signIns = await list(admin, { target: userId, action: 'USER.SIGN_IN' });
    expect(signIns.entries).toEqual([expect.objectContaining({ action: 'user.sign_in', entityId: userId, application: 'biometria' })]);
    // the search box finds the changed person by user name as well
    const about = await list(admin, { search: 'au.person' });
    expect(about.entries.map((e: { action: string }) => e.action)).toEqual(['user.sign_in', 'user.sign_in_failed']);
    expect(about.rows).toBe(2);

    const byApplication = await list(admin, { application: 'BIOMETRIA', actor: 'au.person' });
    expect(byApplication.entries.length).toBeGreaterThanOrEqual(1);
    const future = await list(admin, { search: 'au.person', from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future).toEqual({ entries: [], rows: 0 });
    const past = await list(admin, { search: 'au.person', to: '2020-01-01' });
    expect(past.rows).toBe(0);

    // refused: a malformed date, page or size
    const malformed: Record<string, string>[] = [{ from: 'yesterday' }, { page: '0' }, { size: '7' }, { actor: 'x'.repeat(201) }];
    for (const query of malformed) {
      const reply = await get(admin, `${auditApi.list.path}?${new URLSearchParams(query)}`);
      expect(reply.statusCode).toBe(400);
    }
  });

  it('shows an entry with its record before and after the change', async () => {
    const userId = await createUser(db(), { userName: 'au.changed', password: PASSWORD });
    await db()
      .insertInto('audit_log')
      .values({
        actor_name: 'admin',
        action: 'user.modify',
        entity: 'user',
        entity_id: userId,
        before: JSON.stringify({ names: 'Ana', email: 'a@x.test' }),
        after: JSON.stringify({ names: 'Ana María', email: 'a@x.test' }),
      })
      .execute();
    const [entry] = (await list(admin, { target: userId, action: 'user.modify' })).entries;
    const detail = json(await get(admin, auditApi.entry.path.replace(':id', entry.id))).result;
    expect(detail).toMatchObject({ action: 'user.modify', before: { names: 'Ana' }, after: { names: 'Ana María' } });
    // the list's entry, as PostgreSQL writes it, is the detail's entry key for key (nulls and time included)
    const { before: _before, after: _after, ...listed } = detail;
    expect(entry).toStrictEqual(listed);
    expect(entry).toMatchObject({
      actorId: null,
      application: null,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // and the search box's page writes it the same
    expect((await list(admin, { search: userId, action: 'user.modify' })).entries).toStrictEqual([listed]);
    const unknown = await get(admin, auditApi.entry.path.replace(':id', '999999999'));
    expect({ status: unknown.statusCode, information: json(unknown).result.information }).toEqual({
      status: 404,
      information: AUDIT_MESSAGES.entryUnknown,
    });
    expect((await get(admin, auditApi.entry.path.replace(':id', 'abc'))).statusCode).toBe(400);
  });

  it('names what each entry is about as the console shows it now, and an id of any form is no error', async () => {
    const userId = await createUser(db(), { userName: 'au.named', password: PASSWORD });
    await tokenFor(app(), 'au.named', PASSWORD);
    const first = async (table: 'roles' | 'privileges' | 'applications' | 'menus') =>
      String((await sql<{ id: number }>`select id from ${sql.table(table)} order by id limit 1`.execute(db())).rows[0].id);
    const name = async (query: ReturnType<typeof sql<{ name: string }>>) => (await query.execute(db())).rows[0].name;
    const role = await first('roles');
    const privilege = await first('privileges');
    const application = await first('applications');
    const menu = await first('menus');
    const session = (await sql<{ id: string }>`select id::text as id from sessions where user_id = ${userId}::uuid`.execute(db())).rows[0]
      .id;
    const template = (await sql<{ id: string; title: string }>`select id, title from notification_templates limit 1`.execute(db())).rows[0];
    const expected: [entity: string, entityId: string, targetName: string | null][] = [
      ['user', userId, 'au.named'],
      ['session', session, 'au.named'],
      ['role', role, await name(sql`select name from roles where id = ${Number(role)}`)],
      ['privilege', privilege, await name(sql`select name from privileges where id = ${Number(privilege)}`)],
      ['application', application, await name(sql`select name from applications where id = ${Number(application)}`)],
      [
        'menu',
        menu,
        await name(sql`select a.name from menus m join applications a on a.id = m.application_id where m.id = ${Number(menu)}`),
      ],
      ['notification', template.id, template.title],
      // no such record, an id of another form, a number past an integer's, an entity with no name
      ['role', '999999', null],
      ['user', 'not-a-uuid', null],
      ['role', '99999999999', null],
      ['user', '', null],
      ['report', 'r-1', null],
    ];
    for (const [entity, entityId] of expected) {
      await db().insertInto('audit_log').values({ actor_name: 'admin', action: 'au.named', entity, entity_id: entityId }).execute();
    }
    const page = await list(admin, { action: 'au.named', size: '25' });
    const named = (entries: { entity: string; entityId: string; targetName: string | null }[]) =>
      entries.map((e) => [e.entity, e.entityId, e.targetName]).reverse();
    expect(named(page.entries)).toEqual(expected);
    // the search box's page and the detail name them the same
    expect((await list(admin, { search: 'au.named', action: 'au.named', size: '25' })).entries).toStrictEqual(page.entries);
    for (const entry of page.entries) {
      const detail = json(await get(admin, auditApi.entry.path.replace(':id', entry.id))).result;
      expect(detail.targetName).toBe(entry.targetName);
    }
    // a sign-in's entry, written by the sign-in itself, names the person
    const [signIn] = (await list(admin, { target: userId, action: 'user.sign_in' })).entries;
    expect(signIn).toMatchObject({ entity: 'user', targetName: 'au.named' });
  });

  it('exports the filtered entries as CSV, streamed in batches, formulas defused', async () => {
    await sql`
      insert into audit_log (at, actor_name, action, entity, entity_id, after)
      select now() - make_interval(secs => n), 'au.bulk', case when n = 1 then '=cmd|calc' else 'test.export' end, 'test', n::text,
             jsonb_build_object('note', 'a,b')
        from generate_series(1, 2500) n`.execute(db());
    const reply = await get(admin, `${auditApi.exportCsv.path}?${new URLSearchParams({ actor: 'au.bulk' })}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = reply.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor,action,entity,target,application,before,after');
    expect(lines).toHaveLength(2501);
    // newest first, each entry once
    expect(lines[1].split(',')[4]).toBe('1');
    expect(new Set(lines.slice(1).map((l) => l.split(',')[4])).size).toBe(2500);
    expect(lines[1]).toContain(",au.bulk,'=cmd|calc,test,1,");

    // one batch at a time: the reader holds a batch, never the whole log
    let batches = 0;
    let most = 0;
    for await (const batch of auditBatches(db(), { actor: 'au.bulk' }, 1000)) {
      batches += 1;
      most = Math.max(most, batch.length);
    }
    expect({ batches, most }).toEqual({ batches: 3, most: 1000 });

    // the count stops at the cap
    await sql`
      insert into audit_log (actor_name, action, entity, entity_id)
      select 'au.many', 'test.count', 'test', n::text from generate_series(1, ${AUDIT_COUNT_CAP + 5}::int) n`.execute(db());
    expect(await list(admin, { actor: 'au.many', size: '10' })).toMatchObject({ rows: AUDIT_COUNT_CAP, rowsCapped: true });
  });

  it('orders entries of one instant by their number, in the list and across export batches', async () => {
    // twelve entries at one time: ids of one and two digits, where an order by text would put 9 before 10
    await sql`
      insert into audit_log (at, actor_name, action, entity, entity_id)
      select '2026-03-01T10:00:00.123456Z'::timestamptz, 'au.instant', 'test.tie', 'test', n::text
        from generate_series(1, 12) n`.execute(db());
    const { rows: ids } = await sql<{ id: string }>`
      select id::text as id from audit_log where actor_name = 'au.instant' order by id desc`.execute(db());
    const newestFirst = ids.map((r) => r.id);

    const first = await list(admin, { actor: 'au.instant', size: '10' });
    const second = await list(admin, { actor: 'au.instant', size: '10', page: '2' });
    expect([...first.entries, ...second.entries].map((e: { id: string }) => e.id)).toEqual(newestFirst);

    const exported: string[] = [];
    for await (const batch of auditBatches(db(), { actor: 'au.instant' }, 5)) exported.push(...batch.map((e) => e.id));
    expect(exported).toEqual(newestFirst);
  });

  it('writes CSV cells by RFC 4180 and never as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});
