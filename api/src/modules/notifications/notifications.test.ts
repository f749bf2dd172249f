import type { InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  ACCESS_MESSAGES,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  SEND_YEARS_AHEAD,
  VALIDATION_MESSAGES,
  dateIn,
  formatMessage,
  maxMessage,
  nextDate,
  notificationSendAt,
  serializeVariables,
  type VariableValue,
} from '@suite/shared/contracts';
import { auditedChanges, ADMIN_PASSWORD, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import type { DB } from '../../db/schema';

const PASSWORD = 'Notif5.Admin-Pass';
const MAINTENANCE = 'mantenimiento-programado';
const CERTIFICATE = 'vencimiento-certificado';

/** Everything a notifications call may change: a refused call must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const notifications = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
  const applications = await db
    .selectFrom('notification_applications')
    .selectAll()
    .orderBy('notification_id')
    .orderBy('application_id')
    .execute();
  const deliveries = await db.selectFrom('notification_deliveries').selectAll().orderBy('id').execute();
  const templates = await db.selectFrom('notification_templates').select(['id', 'title', 'idstate']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ notifications, applications, deliveries, templates, audit });
}

/** A snapshot with `more` audit rows than it had: what a call that only writes to the audit log leaves. */
function withAudits(snapshotText: string, more: number): string {
  const parsed = JSON.parse(snapshotText) as { audit: { n: number } };
  return JSON.stringify({ ...parsed, audit: { n: parsed.audit.n + more } });
}

describeEachBackend('notifications console API', (server) => {
  let admin: string;
  let nobody: string;
  let apps: Record<string, number>;
  const today = () => dateIn('America/Bogota', new Date());
  const tomorrow = () => nextDate(today());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string | null; headers?: Record<string, string>; payload?: unknown } = {},
  ) =>
    server().app.inject({
      method,
      url,
      headers: { ...(options.token === null ? {} : { authorization: `Bearer ${options.token ?? admin}` }), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    });

  const subjectsOf = async (templateId: string) =>
    json(await call('GET', '/api/Subjects/SubjectsByTemplateId', { headers: { idTemplate: templateId } })).result.records as {
      id: number;
      name: string;
    }[];

  const maintenanceValues = (overrides: Record<string, VariableValue['value']> = {}): VariableValue[] =>
    Object.entries({
      fecha: nextDate(tomorrow()),
      horaInicio: { hour: 22, minutes: 0, complement: true },
      horaFin: { hour: 23, minutes: 30, complement: false },
      detalle: 'Actualización de la base de datos.',
      interrupcion: true,
      ...overrides,
    }).map(([name, value]) => ({ name, value }));

  const newNotification = async (overrides: Record<string, unknown> = {}) => ({
    reason: 'Ventana de mantenimiento de diciembre',
    templateId: MAINTENANCE,
    subjectId: (await subjectsOf(MAINTENANCE))[0].id,
    applicationIds: [apps.ibuhoo, apps.firmaya],
    variables: serializeVariables(maintenanceValues()),
    executionDate: tomorrow(),
    ...overrides,
  });

  const list = async () => json(await call('GET', '/api/Notifications/List')).result.records as Record<string, any>[];

  async function created(overrides: Record<string, unknown> = {}) {
    const response = await call('POST', '/api/Notifications/Create', { payload: await newNotification(overrides) });
    expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    return json(response).result.id as number;
  }

  async function expectRefused(response: Awaited<ReturnType<typeof call>>, before: string, status: number, information: string) {
    expect({ status: response.statusCode, information: json(response).result.information }).toEqual({
      status,
      information: expect.stringContaining(information),
    });
    expect(await snapshot(server().db)).toBe(before);
  }

  beforeAll(async () => {
    const { app, db } = server();
    admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'notif.nobody', password: PASSWORD, privileges: ['USERS_READ'] });
    nobody = await tokenFor(app, 'notif.nobody', PASSWORD);
    apps = Object.fromEntries((await db.selectFrom('applications').select(['id', 'name']).execute()).map((a) => [a.name, a.id]));
  });

  it('answers 403 without NOTIFICATIONS_READ / NOTIFICATIONS_WRITE and 401 without a token, changing nothing', async () => {
    const { app, db } = server();
    const body = await newNotification();
    const calls: ['GET' | 'POST', string, unknown?, Record<string, string>?][] = [
      ['GET', '/api/Notifications/List'],
      ['POST', '/api/Notifications/Create', body],
      ['POST', '/api/Notifications/Modify', { ...body, id: 1 }],
      ['POST', '/api/Notifications/Delete', { id: 1 }],
      ['GET', '/api/Subjects/SubjectsByTemplateId', undefined, { idTemplate: MAINTENANCE }],
      ['GET', '/api/ApplicationsTemplates/TemplatesByApps', undefined, { apps: String(apps.ibuhoo) }],
    ];
    const before = await snapshot(db);
    for (const [method, url, payload, headers] of calls) {
      const response = await call(method, url, { token: nobody, payload, headers });
      expect({ url, status: response.statusCode, result: json(response).result }).toEqual({
        url,
        status: 403,
        result: { information: MESSAGES.forbidden, informationCode: 'R403' },
      });
      expect((await call(method, url, { token: null, payload, headers })).statusCode).toBe(401);
    }
    await createUser(db, { userName: 'notif.reader', password: PASSWORD, privileges: ['NOTIFICATIONS_READ'] });
    const reader = await tokenFor(app, 'notif.reader', PASSWORD);
    expect((await call('GET', '/api/Notifications/List', { token: reader })).statusCode).toBe(200);
    expect((await call('POST', '/api/Notifications/Create', { token: reader, payload: body })).statusCode).toBe(403);
    expect(await snapshot(db)).toBe(before);
  });

  it('offers the templates of every chosen application, with their variables, subjects and image', async () => {
    const templates = async (ids: number[]) =>
      json(await call('GET', '/api/ApplicationsTemplates/TemplatesByApps', { headers: { apps: ids.join(',') } })).result.records as Record<
        string,
        any
      >[];
    const forConsole = await templates([apps.ibuhoo]);
    expect(forConsole.map((t) => t.id)).toEqual(
      expect.arrayContaining([MAINTENANCE, 'nueva-funcionalidad', 'recordatorio-politica-contrasenas']),
    );
    expect(forConsole.map((t) => t.id)).not.toContain(CERTIFICATE);
    expect((await templates([apps.firmaya])).map((t) => t.id)).toContain(CERTIFICATE);
    // offered for both: only those of both
    expect((await templates([apps.ibuhoo, apps.firmaya])).map((t) => t.id)).not.toContain(CERTIFICATE);
    const maintenance = forConsole.find((t) => t.id === MAINTENANCE) as Record<string, any>;
    expect(maintenance.title).toBe('Mantenimiento programado');
    expect(maintenance.urlImage).toBe(`/api/Notifications/TemplateImage/${MAINTENANCE}`);
    expect(maintenance.variables.map((v: { type: string }) => v.type)).toEqual(['date', 'time', 'time', 'text', 'check']);
    expect(maintenance.variables[1]).toMatchObject({
      type: 'time',
      name: 'horaInicio',
      hour: { maxLength: 2 },
      minutes: { maxLength: 2 },
      complement: expect.any(String),
    });
    expect(maintenance.variables[3]).toMatchObject({ type: 'text', multiline: true, rows: 4, maxLength: 300 });
    const image = await call('GET', maintenance.urlImage, { token: null });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(image.body).toContain('<svg');
    expect((await call('GET', '/api/Notifications/TemplateImage/nope', { token: null })).statusCode).toBe(404);
    expect((await subjectsOf(MAINTENANCE)).map((s) => s.name)).toEqual([
      'Aviso de mantenimiento',
      'Mantenimiento programado de la plataforma',
    ]);
    const unknown = await call('GET', '/api/Subjects/SubjectsByTemplateId', { headers: { idTemplate: 'nope' } });
    expect([unknown.statusCode, json(unknown).result.information]).toEqual([404, NOTIFICATION_MESSAGES.templateUnavailable]);
    for (const bad of ['', 'x,y', '0'])
      expect((await call('GET', '/api/ApplicationsTemplates/TemplatesByApps', { headers: { apps: bad } })).statusCode).toBe(400);
  });

  it('creates a notification sent at 23:59 of its date in Bogotá (04:59 UTC the next day), audited, listed as PENDIENTE', async () => {
    const { db } = server();
    const date = tomorrow();
    const id = await created({ executionDate: date });
    const record = (await list()).find((n) => n.id === id) as Record<string, any>;
    const [y, m, d] = nextDate(date).split('-');
    expect(record).toMatchObject({
      reason: 'Ventana de mantenimiento de diciembre',
      templateId: MAINTENANCE,
      templateTitle: 'Mantenimiento programado',
      subjectName: expect.any(String),
      applicationIds: [apps.ibuhoo, apps.firmaya].sort((a, b) => a - b),
      sharedApps: ['Firmaya', 'Suite GSE'],
      executionDate: date,
      timeZone: 'America/Bogota',
      sendAt: `${y}-${m}-${d}T04:59:00.000Z`,
      idstate: 0,
      stateName: 'PENDIENTE',
      recipients: 0,
      sent: 0,
      failed: 0,
    });
    expect(JSON.parse(record.variables)).toEqual(maintenanceValues());
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'notification')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'notification.create', actor_name: 'admin', before: null });
    // today is allowed as a send date
    await created({ executionDate: today() });
  });

  it("sends in the applications' zone when they share one, the request's when given, else Colombia's", async () => {
    const { db } = server();
    const date = nextDate(tomorrow());
    await db.updateTable('applications').set({ time_zone: 'Europe/Madrid' }).where('id', 'in', [apps.ibuhoo, apps.firmaya]).execute();
    try {
      const madrid = await created({ executionDate: date });
      const tokyo = await created({ executionDate: date, timeZone: 'Asia/Tokyo' });
      await db.updateTable('applications').set({ time_zone: 'America/Sao_Paulo' }).where('id', '=', apps.firmaya).execute();
      const mixed = await created({ executionDate: date });
      const records = await list();
      const zone = (id: number) => records.find((n) => n.id === id) as Record<string, any>;
      expect(zone(madrid).timeZone).toBe('Europe/Madrid');
      expect(zone(madrid).sendAt).toBe(notificationSendAt(date, 'Europe/Madrid').toISOString());
      expect(zone(tokyo)).toMatchObject({ timeZone: 'Asia/Tokyo', sendAt: `${date}T14:59:00.000Z` });
      expect(zone(mixed).timeZone).toBe('America/Bogota');
    } finally {
      await db.updateTable('applications').set({ time_zone: 'America/Bogota' }).execute();
    }
  });

  it('refuses each rule of the notification form with its message, changing nothing', async () => {
    const { db } = server();
    const otherSubject = (await subjectsOf('nueva-funcionalidad'))[0].id;
    const variables = (overrides: Record<string, VariableValue['value']>) => serializeVariables(maintenanceValues(overrides));
    const without = (name: string) => serializeVariables(maintenanceValues().filter((v) => v.name !== name));
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: '' }, VALIDATION_MESSAGES.required],
      [{ reason: '   ' }, VALIDATION_MESSAGES.required],
      [{ reason: 'r'.repeat(201) }, maxMessage(200)],
      [{ templateId: '' }, VALIDATION_MESSAGES.required],
      [{ templateId: 't'.repeat(51) }, maxMessage(50)],
      [{ templateId: 'no-existe' }, NOTIFICATION_MESSAGES.templateUnavailable],
      [{ templateId: CERTIFICATE }, NOTIFICATION_MESSAGES.templateUnavailable],
      [{ subjectId: undefined }, VALIDATION_MESSAGES.required],
      [{ subjectId: otherSubject }, NOTIFICATION_MESSAGES.subjectNotOfTemplate],
      [{ applicationIds: [] }, ACCESS_MESSAGES.applicationRequired],
      [{ applicationIds: [apps.ibuhoo, apps.ibuhoo] }, ACCESS_MESSAGES.applicationRepeated],
      [{ applicationIds: [apps.RESETOTP] }, NOTIFICATION_MESSAGES.applicationUnavailable],
      [{ applicationIds: [999_999] }, NOTIFICATION_MESSAGES.applicationUnavailable],
      [{ executionDate: '' }, VALIDATION_MESSAGES.required],
      [{ executionDate: '2026-02-30' }, NOTIFICATION_MESSAGES.dateInvalid],
      [{ executionDate: '2020-01-01' }, NOTIFICATION_MESSAGES.sendDateFromToday],
      // west of UTC the last minute of that day is in year 10000
      [
        { executionDate: '9999-12-31', timeZone: 'America/Los_Angeles' },
        formatMessage(NOTIFICATION_MESSAGES.sendDateTooFar, { years: SEND_YEARS_AHEAD }),
      ],
      [{ timeZone: 'Mars/Olympus' }, NOTIFICATION_MESSAGES.timeZoneInvalid],
      [{ variables: '{"no": "una lista"' }, NOTIFICATION_MESSAGES.variablesInvalid],
      [{ variables: '{"no": "una lista"}' }, NOTIFICATION_MESSAGES.variablesInvalid],
      [{ variables: variables({ detalle: '' }) }, VALIDATION_MESSAGES.required],
      [{ variables: variables({ detalle: 'x'.repeat(301) }) }, maxMessage(300)],
      [{ variables: without('detalle') }, VALIDATION_MESSAGES.required],
      [{ variables: variables({ fecha: today() }) }, NOTIFICATION_MESSAGES.dateFromTomorrow],
      [{ variables: variables({ fecha: '' }) }, VALIDATION_MESSAGES.required],
      [{ variables: variables({ fecha: '2026-13-01' }) }, NOTIFICATION_MESSAGES.dateInvalid],
      [{ variables: variables({ horaInicio: { hour: 24, minutes: 0, complement: false } }) }, NOTIFICATION_MESSAGES.hourRange],
      [{ variables: variables({ horaInicio: { hour: -1, minutes: 0, complement: false } }) }, NOTIFICATION_MESSAGES.hourRange],
      [{ variables: variables({ horaFin: { hour: 10, minutes: 60, complement: false } }) }, NOTIFICATION_MESSAGES.minutesRange],
      [{ variables: variables({ horaFin: { hour: 10.5, minutes: 0, complement: false } }) }, NOTIFICATION_MESSAGES.hourRange],
      [{ variables: without('horaFin') }, VALIDATION_MESSAGES.required],
      [
        { variables: serializeVariables([...maintenanceValues(), { name: 'extra', value: 'x' }]) },
        formatMessage(NOTIFICATION_MESSAGES.variableUnknown, { name: 'extra' }),
      ],
      [{ variables: variables({ interrupcion: 'sí' }) }, NOTIFICATION_MESSAGES.variablesInvalid],
    ];
    const before = await snapshot(db);
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/api/Notifications/Create', { payload: await newNotification(overrides) });
      expect({ overrides, status: response.statusCode, information: json(response).result.information }).toEqual({
        overrides,
        status: 400,
        information: expect.stringContaining(message),
      });
    }
    for (const payload of [[], 5, { ...(await newNotification()), reason: 5 }]) {
      expect(
        (await call('POST', '/api/Notifications/Create', { payload, headers: { 'content-type': 'application/json' } })).statusCode,
      ).toBe(400);
    }
    expect(await snapshot(db)).toBe(before);
  });

  it('modifies a pending notification with before and after in the audit; refuses an unchanged save, an unknown id and bad input', async () => {
    const { db } = server();
    const id = await created();
    const body = { ...(await newNotification()), id };
    const before = await snapshot(db);
    await expectRefused(await call('POST', '/api/Notifications/Modify', { payload: body }), before, 400, ACCESS_MESSAGES.noChanges);
    await expectRefused(
      await call('POST', '/api/Notifications/Modify', { payload: { ...body, id: 999_999 } }),
      before,
      404,
      NOTIFICATION_MESSAGES.unknown,
    );
    await expectRefused(
      await call('POST', '/api/Notifications/Modify', { payload: { ...body, reason: '' } }),
      before,
      400,
      VALIDATION_MESSAGES.required,
    );
    await expectRefused(
      await call('POST', '/api/Notifications/Modify', { payload: { ...body, executionDate: '2020-01-01' } }),
      before,
      400,
      NOTIFICATION_MESSAGES.sendDateFromToday,
    );
    const response = await call('POST', '/api/Notifications/Modify', {
      payload: { ...body, reason: 'Mantenimiento aplazado', applicationIds: [apps.ibuhoo] },
    });
    expect(json(response).result).toEqual({ information: NOTIFICATION_MESSAGES.updated, informationCode: 'A10', id });
    expect((await list()).find((n) => n.id === id)).toMatchObject({
      reason: 'Mantenimiento aplazado',
      applicationIds: [apps.ibuhoo],
      sharedApps: ['Suite GSE'],
    });
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'notification')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['notification.create', 'notification.modify']);
    expect(audit[1].before).toMatchObject({ reason: 'Ventana de mantenimiento de diciembre' });
    expect(audit[1].after).toMatchObject({ reason: 'Mantenimiento aplazado' });
  });

  it('refuses to modify or delete an executed notification, or one whose sending began', async () => {
    const { db } = server();
    const executed = await created();
    const sending = await created();
    await db
      .updateTable('notifications')
      .set({ idstate: 1, planned_at: new Date(), executed_at: new Date() })
      .where('id', '=', executed)
      .execute();
    await db.updateTable('notifications').set({ planned_at: new Date() }).where('id', '=', sending).execute();
    const before = await snapshot(db);
    for (const id of [executed, sending]) {
      const body = { ...(await newNotification({ reason: 'Otro motivo' })), id };
      await expectRefused(
        await call('POST', '/api/Notifications/Modify', { payload: body }),
        before,
        400,
        NOTIFICATION_MESSAGES.executedReadOnly,
      );
      await expectRefused(
        await call('POST', '/api/Notifications/Delete', { payload: { id } }),
        before,
        400,
        NOTIFICATION_MESSAGES.executedReadOnly,
      );
    }
    expect((await list()).find((n) => n.id === executed)).toMatchObject({ idstate: 1, stateName: 'EJECUTADA' });
  });

  it('deletes a pending notification, audited with what it was', async () => {
    const { db } = server();
    const id = await created({ reason: 'Para borrar' });
    const before = await snapshot(db);
    await expectRefused(
      await call('POST', '/api/Notifications/Delete', { payload: { id: 999_999 } }),
      before,
      404,
      NOTIFICATION_MESSAGES.unknown,
    );
    await expectRefused(
      await call('POST', '/api/Notifications/Delete', { payload: { id: 'uno' } }),
      before,
      400,
      VALIDATION_MESSAGES.required,
    );
    const response = await call('POST', '/api/Notifications/Delete', { payload: { id } });
    expect(json(response).result).toEqual({ information: NOTIFICATION_MESSAGES.deleted, informationCode: 'A10', id });
    expect((await list()).some((n) => n.id === id)).toBe(false);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'notification')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['notification.create', 'notification.delete']);
    expect(audit[1]).toMatchObject({ before: expect.objectContaining({ reason: 'Para borrar' }), after: null });
  });
  it('previews the e-mail, sends a test to the caller, counts the recipients and lists deliveries, changing no notification', async () => {
    const { db } = server();
    const body = await newNotification({ variables: serializeVariables(maintenanceValues({ detalle: '<b>negrita</b> {{fecha}}' })) });
    const before = await snapshot(db);
    const preview = json(await call('POST', '/api/Notifications/Preview', { payload: body }));
    expect(preview.result).toMatchObject({
      subject: expect.any(String),
      timeZone: 'America/Bogota',
      sendAt: expect.stringMatching(/T04:59:00.000Z$/),
      sendAtLocal: expect.stringContaining('23:59'),
    });
    expect(preview.result.html).toContain('&lt;b&gt;negrita&lt;/b&gt; {{fecha}}');
    expect(preview.result.html).toContain('Hola Administrador Suite');
    expect(preview.result.html).toContain(`http://localhost:8080/api/Notifications/TemplateImage/${MAINTENANCE}`);
    // the same rules as a save
    const refused = await call('POST', '/api/Notifications/Preview', { payload: { ...body, executionDate: '2020-01-01' } });
    expect([refused.statusCode, json(refused).result.information]).toEqual([
      400,
      expect.stringContaining(NOTIFICATION_MESSAGES.sendDateFromToday),
    ]);

    const mailsBefore = await db
      .selectFrom('mailbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('to_address', '=', 'admin@suite.test')
      .executeTakeFirstOrThrow();
    const test = json(await call('POST', '/api/Notifications/SendTest', { payload: body }));
    expect(test.result).toEqual({
      information: formatMessage(NOTIFICATION_MESSAGES.testSent, { email: 'admin@suite.test' }),
      informationCode: 'A10',
      email: 'admin@suite.test',
    });
    const mail = await db
      .selectFrom('mailbox')
      .selectAll()
      .where('to_address', '=', 'admin@suite.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(preview.result.subject);
    expect(mail.html_body).toContain('&lt;b&gt;negrita&lt;/b&gt;');
    expect(
      (
        await db
          .selectFrom('mailbox')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('to_address', '=', 'admin@suite.test')
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(mailsBefore.n + 1);
    // the test send is in the audit log; nothing else changed
    const audited = await db
      .selectFrom('audit_log')
      .select(['actor_name', 'entity_id', 'after'])
      .where('action', '=', 'notification.test')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor_name: 'admin', entity_id: body.templateId });

    const dry = json(await call('POST', '/api/Notifications/DryRun', { payload: { applicationIds: [apps.ibuhoo] } }));
    const holders = await sql<{ n: number }>`
      select count(distinct lower(u.email))::int as n from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id and r.idstate = 0
       where ur.application_id = ${apps.ibuhoo}::int and u.idstate = 1 and not u.deleted`.execute(db);
    expect(dry.result.count).toBe(holders.rows[0].n);
    expect(dry.result.sample).toContainEqual({ email: 'admin@suite.test', names: 'Administrador Suite' });
    const unknownApps = await call('POST', '/api/Notifications/DryRun', { payload: { applicationIds: [999_999] } });
    expect([unknownApps.statusCode, json(unknownApps).result.information]).toEqual([400, NOTIFICATION_MESSAGES.applicationUnavailable]);

    expect(await snapshot(db)).toBe(withAudits(before, 1));

    const id = await created();
    const deliveries = json(await call('GET', '/api/Notifications/Deliveries', { headers: { id: String(id) } }));
    expect(deliveries.result).toEqual({ records: [], count: 0 });
    expect((await call('GET', '/api/Notifications/Deliveries', { headers: { id: '999999' } })).statusCode).toBe(404);
    expect((await call('GET', '/api/Notifications/Deliveries', { headers: { id: 'x' } })).statusCode).toBe(400);
    for (const [url, payload] of [
      ['/api/Notifications/Preview', body],
      ['/api/Notifications/SendTest', body],
      ['/api/Notifications/DryRun', { applicationIds: [apps.ibuhoo] }],
    ] as const) {
      expect((await call('POST', url, { token: nobody, payload })).statusCode).toBe(403);
    }
  });
});
