import { DEFAULT_PROFILE, type PortalProfile } from '../contracts/profiles';
import { getPageProfile, resetPageProfile } from '../profile/store';
import { getRuntimeConfig, loadRuntimeConfig, readProfile, resetRuntimeConfig } from './index';

const bmsbra: PortalProfile = {
  ...DEFAULT_PROFILE,
  app: 'bemyself',
  tenant: 'bmsbra',
  title: 'MySelf',
  defaultLanguage: 'pt',
  favicon: '/brand/bemyself/bmsbra/favicon.svg',
};
const myselfcert: PortalProfile = {
  ...DEFAULT_PROFILE,
  app: 'myselfcert',
  tenant: 'myselfcert',
  title: 'MySelf',
  defaultTenant: 'myselfcert',
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const head = (headers: Record<string, string>) => new Response(null, { status: 200, headers });

afterEach(() => {
  jest.restoreAllMocks();
  resetRuntimeConfig();
  resetPageProfile();
});

describe('loadRuntimeConfig', () => {
  it('reads the profile with /config.json, in parallel with the document headers, and stores both', async () => {
    const started: string[] = [];
    const pending: (() => void)[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      started.push(`${init?.method ?? 'GET'} ${url}`);
      // neither answers until both have been asked: a serial chain would never resolve
      return new Promise((resolve) => {
        pending.push(() =>
          resolve(
            url.endsWith('/config.json')
              ? json({ payloadKey: 'k'.repeat(32), profile: bmsbra })
              : head({ 'x-app-name': 'bemyself', 'x-tenant': 'bmsbra' }),
          ),
        );
        if (pending.length === 2) pending.forEach((answer) => answer());
      });
    });
    const config = await loadRuntimeConfig();
    expect(started).toHaveLength(2);
    expect(config).toMatchObject({ appName: 'bemyself', tenant: 'bmsbra', payloadKey: 'k'.repeat(32) });
    expect(getPageProfile()).toEqual(bmsbra);
  });

  it("sends the profile's default tenant when the page names none", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).endsWith('/config.json') ? json({ payloadKey: 'x', profile: myselfcert }) : head({ 'x-app-name': 'myselfcert' }),
      );
    expect(await loadRuntimeConfig()).toMatchObject({ appName: 'myselfcert', tenant: 'myselfcert' });
  });

  it('asks the profile route by name when /config.json brings none', async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/config.json')) return json({ payloadKey: 'x', apiBase: 'https://api.example.com/api/' });
      if (url.includes('/application/profile')) {
        const headers = init?.headers as Record<string, string>;
        return json({ statusCode: 200, result: { ...bmsbra, title: `${headers.appName}/${headers.tenant}` } });
      }
      return head({ 'x-app-name': 'bemyself', 'x-tenant': 'bmsbra' });
    });
    await loadRuntimeConfig();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('https://api.example.com/api/application/profile');
    expect(getPageProfile().title).toBe('bemyself/bmsbra');
  });

  it('keeps the default profile when nothing answers', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await loadRuntimeConfig();
    expect(getPageProfile()).toBe(DEFAULT_PROFILE);
    expect(getRuntimeConfig().appName).toBe('ibuhoo');
  });
});

describe('readProfile', () => {
  it('completes a partial or mistyped profile from the default', () => {
    expect(readProfile({ app: 'firmaya', title: 'Firmaya', colors: { link: 3 } })).toEqual({
      ...DEFAULT_PROFILE,
      app: 'firmaya',
      title: 'Firmaya',
    });
    expect(readProfile('nope')).toBeUndefined();
  });
});
