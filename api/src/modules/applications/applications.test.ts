import { MESSAGES, parameterValue, type AppParameter } from '@suite/shared/contracts';
import { describeEachBackend, json } from '../../../test/harness';
import { localize } from '@suite/shared/phrases';

describeEachBackend('application data endpoints', (server) => {
  const get = (url: string, headers: Record<string, string>) => server().app.inject({ method: 'GET', url, headers });

  it('GET /api/application/getVersionApp answers the application version (tenant and language optional)', async () => {
    const { db } = server();
    await db.updateTable('applications').set({ version: '2.4.1' }).where('name', '=', 'bemyself').execute();
    const reply = await get('/api/application/getVersionApp', { appName: 'BeMyself', tenant: 'bmsbra', tenantLanguage: 'PT' });
    expect(reply.statusCode).toBe(200);
    expect(json(reply)).toEqual({ statusCode: 200, result: { version: '2.4.1' } });
    expect(json(await get('/api/application/getversionapp', { appname: 'ibuhoo', tenant: '', tenantlanguage: '' })).result).toEqual({
      version: '1.0.0',
    });
    // a tenant the application does not know is not an error: the page may send its default
    expect((await get('/api/application/getVersionApp', { appName: 'letmicert', tenant: 'myselfcert' })).statusCode).toBe(200);
  });

  it('GET /api/application/GetParametersApp answers the seeded parameters as JSON values with their type', async () => {
    const reply = await get('/api/application/GetParametersApp', { appName: 'ibuhoo', parameterType: 'login' });
    expect(reply.statusCode).toBe(200);
    const parameters = json(reply).result.parameters as AppParameter[];
    expect(parameters).toEqual(
      expect.arrayContaining([
        { name: 'captchaApply', value: 'false', type: 'boolean' },
        { name: 'maxFailedAttempts', value: '3', type: 'number' },
        { name: 'supportContact', value: '"soporte@suite.example"', type: 'string' },
      ]),
    );
    expect(parameters.map((p) => p.name)).not.toContain('resendEmailSeconds'); // a 'general' one
    expect(parameterValue<boolean>(parameters, 'captchaApply')).toBe(false);

    const all = json(await get('/api/application/GetParametersApp', { appName: 'product', parameterType: 'ALL' })).result
      .parameters as AppParameter[];
    expect(parameterValue(all, 'buyUrl')).toBe('https://product.suite.example/comprar');
    expect(parameterValue(all, 'resendEmailSeconds')).toBe(60);
    expect(parameterValue(all, 'sessionValidationDelayMs')).toBe(100);

    // data, not code: an edit shows at once
    const { db } = server();
    const app = await db.selectFrom('applications').select('id').where('name', '=', 'firmaya').executeTakeFirstOrThrow();
    await db
      .updateTable('application_parameters')
      .set({ value: 'true' })
      .where('application_id', '=', app.id)
      .where('name', '=', 'captchaApply')
      .execute();
    const firmaya = json(await get('/api/application/GetParametersApp', { appName: 'firmaya', parameterType: 'login' })).result.parameters;
    expect(parameterValue(firmaya, 'captchaApply')).toBe(true);
  });

  it('GET /api/application/getMaintenanceWindow answers whether a window is in force, and its message', async () => {
    const { db } = server();
    expect(json(await get('/api/application/getMaintenanceWindow', { appName: 'colnomina' }))).toEqual({
      statusCode: 200,
      result: { isMaintenance: false, message: '' },
    });
    const app = await db.selectFrom('applications').select('id').where('name', '=', 'colnomina').executeTakeFirstOrThrow();
    const now = Date.now();
    const ends = new Date(now + 3600_000);
    await db
      .insertInto('maintenance_windows')
      .values([
        { application_id: app.id, starts_at: new Date(now - 60_000), ends_at: ends, message: 'Mantenimiento programado hasta las 18:00.' },
        { application_id: app.id, starts_at: new Date(now + 86_400_000), ends_at: new Date(now + 90_000_000), message: 'Futuro' },
      ])
      .execute();
    const reply = json(await get('/api/application/getMaintenanceWindow', { appName: 'colnomina' }));
    expect(reply.result).toEqual({ isMaintenance: true, message: 'Mantenimiento programado hasta las 18:00.', endsAt: ends.toISOString() });
    // a window without a message of its own gets the default one, in the page's language
    await db.updateTable('maintenance_windows').set({ message: '' }).where('starts_at', '<', new Date(now)).execute();
    const defaults = await Promise.all(
      (['ES', 'EN', 'PT'] as const).map(async (tenantLanguage) => {
        const answer = await get('/api/application/getMaintenanceWindow', { appName: 'colnomina', tenantLanguage });
        expect(answer.headers.vary).toMatch(/tenantLanguage/i);
        return json(answer).result.message;
      }),
    );
    expect(defaults).toEqual([
      MESSAGES.applicationMaintenance,
      localize(MESSAGES.applicationMaintenance, 'en'),
      localize(MESSAGES.applicationMaintenance, 'pt'),
    ]);
    expect(new Set(defaults).size).toBe(3);
    expect(json(await get('/api/application/getMaintenanceWindow', { appName: 'biometria' })).result.isMaintenance).toBe(false);
    await db.deleteFrom('maintenance_windows').execute();
  });

  it('GET /api/application/isFreeTrial answers the free-trial data of the application', async () => {
    expect(json(await get('/api/application/isFreeTrial', { appName: 'colnomina' }))).toEqual({
      statusCode: 200,
      result: { isFreeTrial: true, urlFreeTrial: 'https://colnomina.suite.example/prueba-gratis', codeFreeTrial: 'COLNOMINA-TRIAL-30' },
    });
    expect(json(await get('/api/application/isFreeTrial', { appName: 'firmaya' })).result).toEqual({
      isFreeTrial: false,
      urlFreeTrial: '',
      codeFreeTrial: '',
    });
  });

  it.each([
    ['/api/application/getVersionApp', {}],
    ['/api/application/getVersionApp', { appName: 'ibuhoo', tenantLanguage: 'fr' }],
    ['/api/application/getVersionApp', { appName: 'ibuhoo', tenant: 'a b' }],
    ['/api/application/GetParametersApp', { appName: 'ibuhoo' }],
    ['/api/application/GetParametersApp', { appName: 'ibuhoo', parameterType: 'secret' }],
    ['/api/application/getMaintenanceWindow', { appName: '' }],
    ['/api/application/isFreeTrial', { appName: "x' or 1=1" }],
    ['/api/application/isFreeTrial', { appName: 'x'.repeat(51) }],
  ])('%s with bad headers %p: 400 in the envelope', async (url, headers) => {
    const reply = await get(url, headers as Record<string, string>);
    expect(reply.statusCode).toBe(400);
    const body = json(reply);
    expect(body.result.informationCode).toBe('R400');
    expect(body.result.information).toMatch(/^Solicitud inválida \(headers/);
  });

  it.each([
    '/api/application/getVersionApp',
    '/api/application/GetParametersApp',
    '/api/application/getMaintenanceWindow',
    '/api/application/isFreeTrial',
  ])('%s for an unknown application: 404', async (url) => {
    const reply = await get(url, { appName: 'nope', parameterType: 'login' });
    expect(reply.statusCode).toBe(404);
    expect(json(reply).result).toEqual({ information: MESSAGES.applicationUnknown, informationCode: 'R404' });
  });
});
