import type { Kysely } from 'kysely';
import {
  ACCESS_MESSAGES,
  APPEARANCE_MESSAGES,
  APPEARANCE_PATHS,
  IMAGE_FILE_NAME_MAX,
  PORTAL_PROFILE_PATH,
  STORED_IMAGES_PATH,
  appearanceOf,
  formatMessage,
  type ApplicationAppearance,
  type ApplicationAppearanceResult,
  type PortalProfile,
} from '@suite/shared/contracts';
import {
  auditedChanges,
  ADMIN_PASSWORD,
  apiCaller,
  createUser,
  describeEachBackend,
  expectRefusal,
  json,
  tokenFor,
} from '../../../test/harness';
import { blackPng, jpegDeclaring, webpDeclaring } from '../../../test/image-bombs';
import type { DB } from '../../db/schema';

const PASSWORD = 'App5.Look-Pass';

/** A 1×1 PNG, a 1×1 GIF and an SVG: only the first is an image an appearance accepts. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>').toString('base64');

/** Everything an appearance call may change. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const applications = await db.selectFrom('applications').selectAll().orderBy('id').execute();
  const tenants = await db.selectFrom('application_tenants').selectAll().orderBy('id').execute();
  const images = await db.selectFrom('stored_images').select(['id', 'size']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ applications, tenants, images, audit });
}

describeEachBackend('application appearance API', (server) => {
  let admin: string;
  let reader: string;
  const call = apiCaller(server, () => admin);
  const refused = async (response: Awaited<ReturnType<typeof call>>, before: string, status: number, information?: string) =>
    expectRefusal(response, { status, information, before, snapshot: () => snapshot(server().db) });

  const idOf = async (name: string) =>
    (await server().db.selectFrom('applications').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const read = async (id: number) =>
    json<{ result: ApplicationAppearanceResult }>(await call('GET', APPEARANCE_PATHS.read, { headers: { idApplication: String(id) } }))
      .result;
  const publicProfile = async (appName: string, tenant?: string) =>
    json<{ result: PortalProfile }>(
      await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appName, ...(tenant ? { tenant } : {}) } }),
    ).result;
  const withColours = (appearance: ApplicationAppearance, colors: Partial<ApplicationAppearance['colors']>): ApplicationAppearance => ({
    ...appearance,
    colors: { ...appearance.colors, ...colors },
  });

  beforeAll(async () => {
    const { app, db } = server();
    admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'look.reader', password: PASSWORD, privileges: ['APPS_READ'] });
    reader = await tokenFor(app, 'look.reader', PASSWORD);
  });

  it('needs APPS_READ to read and APPS_WRITE to change, and a token for either', async () => {
    const id = await idOf('product');
    const appearance = (await read(id)).appearance;
    const before = await snapshot(server().db);
    expect((await call('GET', APPEARANCE_PATHS.read, { token: null, headers: { idApplication: String(id) } })).statusCode).toBe(401);
    expect((await call('GET', APPEARANCE_PATHS.read, { token: reader, headers: { idApplication: String(id) } })).statusCode).toBe(200);
    await refused(
      await call('POST', APPEARANCE_PATHS.modify, {
        token: reader,
        payload: { id, appearance: withColours(appearance, { link: '#000000' }) },
      }),
      before,
      403,
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.modifyTenant, {
        token: reader,
        payload: { id, code: 'x', title: 'X', defaultLanguage: 'es', override: {} },
      }),
      before,
      403,
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.uploadImage, { token: reader, payload: { id, fileName: 'a.png', imageBase64: PNG } }),
      before,
      403,
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.uploadImage, { token: null, payload: { id, fileName: 'a.png', imageBase64: PNG } }),
      before,
      401,
    );
  });

  it("reads an application's own appearance as the public profile answers it, with its tenants' overrides", async () => {
    const product = await read(await idOf('product'));
    expect(product).toMatchObject({ name: 'product', tenants: [] });
    expect(product.appearance).toEqual(appearanceOf(await publicProfile('product')));
    const bemyself = await read(await idOf('bemyself'));
    expect(bemyself.tenants.map((t) => t.code)).toEqual(expect.arrayContaining(['bmsbra', 'bmscol']));
    expect(bemyself.tenants.find((t) => t.code === 'bmsbra')).toMatchObject({ defaultLanguage: 'pt' });
    // RESETOTP is not part of the console; an unknown id is 404; a malformed one 400
    expect((await call('GET', APPEARANCE_PATHS.read, { headers: { idApplication: String(await idOf('RESETOTP')) } })).statusCode).toBe(404);
    expect((await call('GET', APPEARANCE_PATHS.read, { headers: { idApplication: '999999' } })).statusCode).toBe(404);
    expect((await call('GET', APPEARANCE_PATHS.read, { headers: { idApplication: 'one' } })).statusCode).toBe(400);
  });

  it('saves an appearance that the public screens show on the next request, audited, and refuses the same save again', async () => {
    const id = await idOf('product');
    const current = (await read(id)).appearance;
    const next: ApplicationAppearance = {
      ...withColours(current, { link: '#0b3d6e', forgotPassword: '#0b3d6e' }),
      signInVariant: 'twoColumn',
      logoWidth: 220,
    };
    const saved = await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance: next } });
    expect([saved.statusCode, json(saved).result.information]).toEqual([200, APPEARANCE_MESSAGES.updated]);
    const shown = await publicProfile('product');
    expect([shown.colors.link, shown.signInVariant, shown.logoWidth]).toEqual(['#0b3d6e', 'twoColumn', 220]);
    expect(appearanceOf(shown)).toEqual(next);
    const audit = await server()
      .db.selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'application.appearance')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ name: 'product', appearance: { colors: { link: current.colors.link } } });
    expect(audit.after).toMatchObject({ name: 'product', appearance: { colors: { link: '#0b3d6e' }, signInVariant: 'twoColumn' } });

    const before = await snapshot(server().db);
    await refused(
      await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance: next } }),
      before,
      400,
      ACCESS_MESSAGES.noChanges,
    );
  });

  it('refuses a colour pair below WCAG AA with the pair and its ratio, in the dark template too, changing nothing', async () => {
    const id = await idOf('product');
    const current = (await read(id)).appearance;
    const before = await snapshot(server().db);
    const grey = await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance: withColours(current, { link: '#bbbbbb' }) } });
    await refused(grey, before, 400, 'colors.link sobre colors.surface');
    expect(json(grey).result.information).toMatch(/1\.\d\d:1; se requiere al menos 4\.5:1/);
    // dark template: white text on a white surface, reachable once the page offers the switch
    const dark: ApplicationAppearance = {
      ...current,
      colorModeSwitch: true,
      dark: { colors: { surface: '#ffffff', background: '#ffffff' }, textColor: '#f0f0f0' },
    };
    const darkReply = await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance: dark } });
    await refused(darkReply, before, 400, 'plantilla oscura');
    // a tenant whose override becomes unreadable over the new colours refuses the application's save
    const bemyself = await idOf('bemyself');
    const { appearance: look, tenants } = await read(bemyself);
    const bmsecu = tenants.find((t) => t.code === 'bmsecu')!;
    const tenantLink = (link?: string) =>
      call('POST', APPEARANCE_PATHS.modifyTenant, {
        payload: {
          id: bemyself,
          code: 'bmsecu',
          title: bmsecu.title,
          defaultLanguage: bmsecu.defaultLanguage,
          override: link ? { colors: { link } } : {},
        },
      });
    expect((await tenantLink('#6e6e6e')).statusCode).toBe(200); // 4.71:1 on the page's #f4f6f9
    // a greyer page: 4.27:1 (ratios are cut, never rounded up to a pass) for the tenant's link, 4.86:1 for the application's own
    const greyerPage = { ...look, colors: { ...look.colors, background: '#ebebeb' } };
    const withTenant = await snapshot(server().db);
    await refused(
      await call('POST', APPEARANCE_PATHS.modify, { payload: { id: bemyself, appearance: greyerPage } }),
      withTenant,
      400,
      'colors.link sobre colors.background en la plantilla clara es 4.27:1',
    );
    // without that override the same save is readable everywhere
    expect((await tenantLink()).statusCode).toBe(200);
    expect((await call('POST', APPEARANCE_PATHS.modify, { payload: { id: bemyself, appearance: greyerPage } })).statusCode).toBe(200);
  });

  it('refuses what is not a colour, an image of another origin or a path climbing out, unknown fields and an unknown default tenant', async () => {
    const id = await idOf('product');
    const current = (await read(id)).appearance;
    const before = await snapshot(server().db);
    const bad: [unknown, string][] = [
      [withColours(current, { link: 'red' }), APPEARANCE_MESSAGES.colourInvalid],
      [{ ...current, favicon: 'https://evil.example/favicon.png' }, APPEARANCE_MESSAGES.imageInvalid],
      [{ ...current, background: '/brand/../../etc/passwd' }, APPEARANCE_MESSAGES.imageInvalid],
      [{ ...current, logos: { ...current.logos, signIn: 'data:image/png;base64,AAAA' } }, APPEARANCE_MESSAGES.imageInvalid],
      [{ ...current, logoWidth: 10 }, '40'],
      [{ ...current, fontFamily: 'x;}</style><script>' }, APPEARANCE_MESSAGES.fontInvalid],
      // an unbalanced quote would swallow the rest of the skeleton's style sheet
      [{ ...current, fontFamily: '"Muli, Arial, sans-serif' }, APPEARANCE_MESSAGES.fontInvalid],
      [{ ...current, fontFamily: "Muli', Arial" }, APPEARANCE_MESSAGES.fontInvalid],
      [{ ...current, fontFamily: '"Mu"li, Arial' }, APPEARANCE_MESSAGES.fontInvalid],
      [{ ...current, signInVariant: 'fancy' }, ''],
      [{ ...current, shadow: '#000000' }, ''],
      [{ ...current, defaultTenant: 'bmsbra' }, APPEARANCE_MESSAGES.tenantUnknown],
    ];
    for (const [appearance, information] of bad) {
      await refused(await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance } }), before, 400, information);
    }
    await refused(await call('POST', APPEARANCE_PATHS.modify, { payload: { id: 999_999, appearance: current } }), before, 404);
    await refused(
      await call('POST', APPEARANCE_PATHS.modify, { payload: { id: await idOf('RESETOTP'), appearance: current } }),
      before,
      404,
    );
  });

  it("saves a tenant's title, language and override, seen by that tenant's page only", async () => {
    const id = await idOf('bemyself');
    const { tenants } = await read(id);
    const bmsbra = tenants.find((t) => t.code === 'bmsbra')!;
    const saved = await call('POST', APPEARANCE_PATHS.modifyTenant, {
      payload: {
        id,
        code: 'bmsbra',
        title: 'BeMyself Brasil',
        defaultLanguage: 'en',
        override: { ...bmsbra.override, colors: { link: '#123456' } },
      },
    });
    expect([saved.statusCode, json(saved).result.information]).toEqual([200, APPEARANCE_MESSAGES.tenantUpdated]);
    const brazil = await publicProfile('bemyself', 'bmsbra');
    expect([brazil.title, brazil.defaultLanguage, brazil.colors.link]).toEqual(['BeMyself Brasil', 'en', '#123456']);
    expect((await publicProfile('bemyself', 'bmscol')).colors.link).not.toBe('#123456');

    const before = await snapshot(server().db);
    const payload = {
      id,
      code: 'bmsbra',
      title: 'BeMyself Brasil',
      defaultLanguage: 'en',
      override: { ...bmsbra.override, colors: { link: '#123456' } },
    };
    await refused(await call('POST', APPEARANCE_PATHS.modifyTenant, { payload }), before, 400, ACCESS_MESSAGES.noChanges);
    await refused(
      await call('POST', APPEARANCE_PATHS.modifyTenant, { payload: { ...payload, code: 'nosuch' } }),
      before,
      400,
      APPEARANCE_MESSAGES.tenantUnknown,
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.modifyTenant, { payload: { ...payload, override: { colors: { link: '#eeeeee' } } } }),
      before,
      400,
      'colors.link',
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.modifyTenant, { payload: { ...payload, override: { colors: { link: 'blue' } } } }),
      before,
      400,
      APPEARANCE_MESSAGES.colourInvalid,
    );
    await refused(
      await call('POST', APPEARANCE_PATHS.modifyTenant, { payload: { ...payload, override: { defaultTenant: 'bmscol' } } }),
      before,
      400,
    );
  });

  it('stores an uploaded image once, by its content, served immutable from every instance; refuses other files with their texts', async () => {
    const id = await idOf('product');
    const uploaded = await call('POST', APPEARANCE_PATHS.uploadImage, { payload: { id, fileName: 'logo.png', imageBase64: PNG } });
    expect(uploaded.statusCode).toBe(200);
    const { relativePath, width, height } = json(uploaded).result;
    expect(relativePath).toMatch(new RegExp(`^${STORED_IMAGES_PATH}/[0-9a-f]{64}\\.png$`));
    expect([width, height]).toEqual([1, 1]);
    const served = await server().app.inject({ method: 'GET', url: relativePath });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'public, max-age=31536000, immutable',
    ]);
    expect(served.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect(
      (await server().app.inject({ method: 'GET', url: relativePath, headers: { 'if-none-match': served.headers.etag as string } }))
        .statusCode,
    ).toBe(304);

    // the same bytes again: the same address, no second row, no second audit entry
    const before = await snapshot(server().db);
    const again = await call('POST', APPEARANCE_PATHS.uploadImage, {
      payload: { id, fileName: 'other-name.png', imageBase64: `data:image/png;base64,${PNG}` },
    });
    expect(json(again).result.relativePath).toBe(relativePath);
    expect(await snapshot(server().db)).toBe(before);

    // and the page may use it
    const current = (await read(id)).appearance;
    expect(
      (await call('POST', APPEARANCE_PATHS.modify, { payload: { id, appearance: { ...current, favicon: relativePath } } })).statusCode,
    ).toBe(200);
    expect((await publicProfile('product')).favicon).toBe(relativePath);

    const unchanged = await snapshot(server().db);
    const threeMegabytes = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(3 * 1024 * 1024)]).toString('base64');
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ fileName: 'logo.png', imageBase64: GIF }, 400, APPEARANCE_MESSAGES.imageType],
      [{ fileName: 'logo.png', imageBase64: SVG }, 400, APPEARANCE_MESSAGES.imageType],
      [{ fileName: 'logo.png', imageBase64: 'not base64 at all!' }, 400, APPEARANCE_MESSAGES.imageType],
      [{ fileName: 'logo.png', imageBase64: threeMegabytes }, 400, APPEARANCE_MESSAGES.imageTooLarge],
      ...[jpegDeclaring(65_000, 65_000), webpDeclaring(16_384), blackPng(8192)].map((bomb): [Record<string, unknown>, number, string] => [
        { fileName: 'logo.png', imageBase64: bomb.toString('base64') },
        400,
        formatMessage(APPEARANCE_MESSAGES.imageDimensions, { side: 4096, megapixels: 16 }),
      ]),
      [{ fileName: `${'a'.repeat(IMAGE_FILE_NAME_MAX - 3)}.png`, imageBase64: PNG }, 400, APPEARANCE_MESSAGES.fileNameLong],
    ];
    for (const [body, status, information] of refusals) {
      await refused(await call('POST', APPEARANCE_PATHS.uploadImage, { payload: { id, ...body } }), unchanged, status, information);
    }
    await refused(
      await call('POST', APPEARANCE_PATHS.uploadImage, { payload: { id: 999_999, fileName: 'logo.png', imageBase64: PNG } }),
      unchanged,
      404,
    );
    expect((await server().app.inject({ method: 'GET', url: `${STORED_IMAGES_PATH}/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
    expect((await server().app.inject({ method: 'GET', url: relativePath.replace('.png', '.jpg') })).statusCode).toBe(404);
  });
});
