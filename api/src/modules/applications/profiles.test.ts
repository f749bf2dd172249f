import fs from 'node:fs';
import path from 'node:path';
import { FALLBACK_TITLE, PORTAL_PROFILE_PATH, type PortalProfile } from '@suite/shared/contracts';
import { describeEachBackend, json } from '../../../test/harness';
import { BRANDS } from '../../db/seeds/profiles';
import { BRAND_PUBLIC_DIR } from '../static/brand/location';

type Expected = Pick<
  PortalProfile,
  'app' | 'tenant' | 'title' | 'signInVariant' | 'emailSentRoute' | 'showBuyLink' | 'showFreeTrial' | 'defaultLanguage' | 'favicon'
>;

const favicon = (brand: string) => `/brand/${brand}/favicon.svg`;
const classic = {
  signInVariant: 'classic',
  emailSentRoute: '/alert',
  showBuyLink: false,
  showFreeTrial: false,
  defaultLanguage: 'es',
} as const;
const myself = { signInVariant: 'myself', emailSentRoute: '/check-email', showBuyLink: false, showFreeTrial: false } as const;

/** [appName header, tenant header, expected] for every application and tenant variant of the portal (docs/product/portal.md). */
const CASES: [string, string | undefined, Expected][] = [
  [
    'ibuhoo',
    undefined,
    { ...classic, app: 'ibuhoo', tenant: '', title: 'Suite GSE', signInVariant: 'twoColumn', favicon: favicon('ibuhoo') },
  ],
  [
    'ibuhoo',
    'suite',
    { ...classic, app: 'ibuhoo', tenant: 'suite', title: 'Suite GSE', signInVariant: 'twoColumn', favicon: favicon('ibuhoo/suite') },
  ],
  [
    'ibuhoo',
    'oidc',
    { ...classic, app: 'ibuhoo', tenant: 'oidc', title: 'Suite GSE', signInVariant: 'twoColumn', favicon: favicon('ibuhoo/oidc') },
  ],
  [
    'license',
    undefined,
    { ...classic, app: 'license', tenant: '', title: 'License', signInVariant: 'translated', favicon: favicon('license') },
  ],
  [
    'license',
    'letmicert',
    {
      ...classic,
      app: 'license',
      tenant: 'letmicert',
      title: 'Licenciamiento - Letmi',
      signInVariant: 'translated',
      favicon: favicon('license/letmicert'),
    },
  ],
  [
    'license',
    'myselfcert',
    {
      ...classic,
      app: 'license',
      tenant: 'myselfcert',
      title: 'MySelf',
      signInVariant: 'translated',
      favicon: favicon('license/myselfcert'),
    },
  ],
  [
    'product',
    undefined,
    { ...classic, app: 'product', tenant: '', title: 'Product', showBuyLink: true, showFreeTrial: true, favicon: favicon('product') },
  ],
  [
    'colnomina',
    undefined,
    {
      ...classic,
      app: 'colnomina',
      tenant: '',
      title: 'Product Nómina',
      showBuyLink: true,
      showFreeTrial: true,
      favicon: favicon('colnomina'),
    },
  ],
  ['biometria', undefined, { ...classic, app: 'biometria', tenant: '', title: 'Biometria', favicon: favicon('biometria') }],
  ['confronta', undefined, { ...classic, app: 'confronta', tenant: '', title: 'Confronta', favicon: favicon('confronta') }],
  [
    'firmaya',
    undefined,
    { ...classic, app: 'firmaya', tenant: '', title: 'Firmaya', signInVariant: 'certificate', favicon: favicon('firmaya') },
  ],
  // the three myself-style applications default to the tenant myselfcert
  [
    'myselfcert',
    undefined,
    { ...myself, app: 'myselfcert', tenant: 'myselfcert', title: 'MySelf', defaultLanguage: 'es', favicon: favicon('myselfcert') },
  ],
  [
    'letmicert',
    undefined,
    { ...myself, app: 'letmicert', tenant: 'myselfcert', title: 'Letmicert', defaultLanguage: 'es', favicon: favicon('letmicert') },
  ],
  [
    'bemyself',
    undefined,
    { ...myself, app: 'bemyself', tenant: 'myselfcert', title: 'MySelf', defaultLanguage: 'es', favicon: favicon('bemyself') },
  ],
  [
    'bemyself',
    '472',
    { ...myself, app: 'bemyself', tenant: '472', title: 'MySelf', defaultLanguage: 'es', favicon: favicon('bemyself/472') },
  ],
  [
    'bemyself',
    'bmscol',
    { ...myself, app: 'bemyself', tenant: 'bmscol', title: 'MySelf', defaultLanguage: 'es', favicon: favicon('bemyself/bmscol') },
  ],
  [
    'bemyself',
    'bmsecu',
    { ...myself, app: 'bemyself', tenant: 'bmsecu', title: 'MySelf', defaultLanguage: 'es', favicon: favicon('bemyself/bmsecu') },
  ],
  [
    'bemyself',
    'bmsbra',
    { ...myself, app: 'bemyself', tenant: 'bmsbra', title: 'MySelf', defaultLanguage: 'pt', favicon: favicon('bemyself/bmsbra') },
  ],
];

/** Every image path a profile names (both templates). */
function imagePaths(profile: PortalProfile): string[] {
  const paths = [
    profile.favicon,
    profile.background,
    profile.dark.background,
    profile.colors.alert.image,
    ...Object.values(profile.logos),
    ...Object.values(profile.dark.logos ?? {}),
  ];
  return [...new Set(paths.filter((p): p is string => Boolean(p)))];
}

describeEachBackend('portal profiles (GET /api/application/profile)', (server) => {
  const profile = async (headers: Record<string, string>) => {
    const reply = await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers });
    expect(reply.statusCode).toBe(200);
    return json<{ statusCode: number; result: PortalProfile }>(reply).result;
  };

  it.each(CASES)('%s tenant %p: title, look, e-mail-sent screen, links, tenant and language', async (appName, tenant, expected) => {
    const result = await profile({ appName, ...(tenant ? { tenant } : {}) });
    expect(result).toMatchObject(expected);
    expect(result.fontFamily).toBe('Muli, Arial, sans-serif');
    expect(result.textColor).toBe('#575756');
  });

  it('matches application and tenant names case-insensitively, and ignores a tenant the application does not have', async () => {
    expect(await profile({ appName: 'BeMyself', tenant: 'BMSBRA' })).toMatchObject({
      app: 'bemyself',
      tenant: 'bmsbra',
      defaultLanguage: 'pt',
    });
    // not a tenant of firmaya: firmaya's own profile
    expect(await profile({ appName: 'firmaya', tenant: 'bmsbra' })).toEqual(await profile({ appName: 'firmaya' }));
    // an unknown tenant of bemyself: its default tenant
    expect(await profile({ appName: 'bemyself', tenant: 'nowhere' })).toMatchObject({ tenant: 'myselfcert', favicon: favicon('bemyself') });
  });

  it("lays a tenant's override over its application's profile, key by key", async () => {
    const app = await profile({ appName: 'bemyself' });
    const tenant = await profile({ appName: 'bemyself', tenant: 'bmsbra' });
    const brand = BRANDS['bemyself/bmsbra'].color;
    expect(tenant.palette.primary).toEqual({ light: brand.light, main: brand.main, dark: brand.dark, iconSend: brand.main });
    expect(tenant.colors.button.active).toBe(brand.main);
    expect(tenant.logos.signIn).toBe('/brand/bemyself/bmsbra/logo.svg');
    // what the tenant does not set comes from the application
    expect(tenant.palette.error).toEqual(app.palette.error);
    expect(tenant.colors.errorBox).toEqual(app.colors.errorBox);
    expect(tenant.colors.button.text).toBe(app.colors.button.text);
    expect(tenant.palette.secondary.light).toBe(app.palette.secondary.light);
    expect(tenant.colorModeSwitch).toBe(true);
    expect(tenant.dark.colors?.surface).toBe(app.dark.colors?.surface);
    expect(tenant.dark.colors?.link).toBe(brand.light);
    expect(tenant.dark.colors?.link).not.toBe(app.dark.colors?.link);
  });

  it("answers the fallback application's profile titled 'GSE Suite' for an unknown application", async () => {
    const ibuhoo = await profile({ appName: 'ibuhoo' });
    const unknown = await profile({ appName: 'nosuchapp', tenant: 'bmsbra' });
    expect(unknown).toEqual({ ...ibuhoo, title: FALLBACK_TITLE });
    expect(unknown.title).toBe('GSE Suite');
    expect(ibuhoo.title).toBe('Suite GSE');
  });

  it('without appName, answers the profile of the page the Host names', async () => {
    expect(await profile({ host: 'bmsbra.bemyself.localhost:8080' })).toEqual(await profile({ appName: 'bemyself', tenant: 'bmsbra' }));
    expect(await profile({ host: 'letmicert.license.localhost' })).toMatchObject({ title: 'Licenciamiento - Letmi' });
    expect(await profile({ host: 'ibuhoo.localhost' })).toMatchObject({ title: 'Suite GSE' });
    expect(await profile({ host: 'unknown.localhost' })).toMatchObject({ app: 'ibuhoo', title: 'GSE Suite' });
    expect(await profile({ host: 'localhost:8080' })).toMatchObject({ app: 'ibuhoo', title: 'GSE Suite' });
  });

  it('answers 400 with a message for malformed headers', async () => {
    for (const headers of [
      { appName: 'a;b' },
      { appName: '<script>' },
      { appName: 'x'.repeat(51) },
      { appName: 'bemyself', tenant: '../etc' },
      { appName: 'bemyself', tenant: 'a;b' },
    ]) {
      const reply = await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers });
      expect(reply.statusCode).toBe(400);
      expect(json(reply).message ?? json(reply).result?.information).toEqual(expect.stringContaining('Solicitud inválida'));
    }
  });

  it('serves the profile with /config.json, for the Host of the page', async () => {
    const reply = await server().app.inject({ method: 'GET', url: '/config.json', headers: { host: 'bmsbra.bemyself.localhost' } });
    expect(reply.statusCode).toBe(200);
    const body = json<{ payloadKey: string; profile: PortalProfile }>(reply);
    expect(body.payloadKey).toEqual(expect.any(String));
    expect(body.profile).toEqual(await profile({ appName: 'bemyself', tenant: 'bmsbra' }));
  });

  it('follows edits of the stored profile once the directory is invalidated, ignoring mistyped fields', async () => {
    const { db, app } = server();
    const before = await profile({ appName: 'confronta' });
    const row = await db.selectFrom('applications').select(['id', 'appearance']).where('name', '=', 'confronta').executeTakeFirstOrThrow();
    const appearance = row.appearance as Record<string, any>;
    const edited = {
      ...appearance,
      logoWidth: 'wide',
      colors: { ...appearance.colors, link: '#0a3d62', errorBox: 'red' },
      unknownField: 1,
    };
    await db
      .updateTable('applications')
      .set({ appearance: JSON.stringify(edited), sign_in_variant: 'twoColumn' })
      .where('id', '=', row.id)
      .execute();
    app.ctx.directory.invalidate();
    const after = await profile({ appName: 'confronta' });
    expect(after.colors.link).toBe('#0a3d62');
    expect(after.signInVariant).toBe('twoColumn');
    expect(after.logoWidth).toBe(before.logoWidth);
    expect(after.colors.errorBox).toEqual(before.colors.errorBox);
    expect(after).not.toHaveProperty('unknownField');
  });

  it('names only real, small images, served under /brand/ with a cache policy', async () => {
    const paths = new Set<string>();
    for (const [appName, tenant] of CASES) {
      const result = await profile({ appName, ...(tenant ? { tenant } : {}) });
      for (const p of imagePaths(result)) paths.add(p);
    }
    expect(paths.size).toBeGreaterThan(CASES.length * 5);
    for (const p of paths) {
      expect(p).toMatch(/^\/brand\/[\w/-]+\.svg$/);
      const reply = await server().app.inject({ method: 'GET', url: p });
      expect([p, reply.statusCode]).toEqual([p, 200]);
      expect(reply.headers['content-type']).toBe('image/svg+xml');
      expect(reply.headers['cache-control']).toBe('public, max-age=3600');
      expect(reply.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(Buffer.byteLength(reply.body)).toBeLessThan(3 * 1024);
    }
    expect((await server().app.inject({ method: 'GET', url: '/brand/nope/logo.svg' })).statusCode).toBe(404);
    expect((await server().app.inject({ method: 'GET', url: '/brand/..%2f..%2fpackage.json' })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(BRAND_PUBLIC_DIR, 'ibuhoo', 'logo.svg'))).toBe(true);
  });
});

describeEachBackend(
  'the portal profile behind CORS',
  (server) => {
    it('varies by Origin as well as by application, tenant and host, allowed origin or not', async () => {
      for (const origin of ['https://app.suite.example', 'https://evil.example']) {
        const reply = await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appName: 'firmaya', origin } });
        expect(reply.statusCode).toBe(200);
        const vary = String(reply.headers.vary)
          .toLowerCase()
          .split(/\s*,\s*/);
        expect(vary).toEqual(expect.arrayContaining(['origin', 'appname', 'tenant', 'host']));
      }
    });
  },
  () => ({ security: { frameAncestors: [], corsOrigins: ['https://app.suite.example'], appOrigins: [], hsts: true, hstsMaxAge: 0 } }),
);
