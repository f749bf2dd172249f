import { AppSnapshot } from '../modules/applications/directory';
import { hostName, resolveHost } from './host';

const catalog = new AppSnapshot([
  { id: 1, name: 'ibuhoo', title: 'Suite GSE', idstate: 0, isVisible: true, tenants: [] },
  { id: 2, name: 'firmaya', title: 'Firmaya', idstate: 0, isVisible: true, tenants: [] },
  {
    id: 3,
    name: 'bemyself',
    title: 'MySelf',
    idstate: 0,
    isVisible: true,
    tenants: ['472', 'bmscol', 'bmsecu', 'bmsbra'].map((code) => ({
      code,
      title: 'MySelf',
      defaultLanguage: code === 'bmsbra' ? 'pt' : 'es',
    })),
  },
  {
    id: 4,
    name: 'license',
    title: 'License',
    idstate: 0,
    isVisible: true,
    tenants: [
      { code: 'letmicert', title: 'Licenciamiento - Letmi', defaultLanguage: 'es' },
      { code: 'myselfcert', title: 'MySelf', defaultLanguage: 'es' },
    ],
  },
  { id: 5, name: 'RESETOTP', title: 'Reset OTP', idstate: 0, isVisible: false, tenants: [] },
]);

describe('hostName', () => {
  it.each([
    ['localhost:8080', 'localhost'],
    ['Firmaya.LocalHost:8080', 'firmaya.localhost'],
    ['bmsbra.bemyself.localhost', 'bmsbra.bemyself.localhost'],
    ['[::1]:8080', '[::1]'],
    ['example.com.', 'example.com'],
    [undefined, ''],
  ])('%p → %p', (input, expected) => {
    expect(hostName(input)).toBe(expected);
  });
});

describe('resolveHost', () => {
  it.each([
    ['localhost:8080', { app: 'ibuhoo', fallback: true }],
    ['127.0.0.1:8080', { app: 'ibuhoo', fallback: true }],
    ['[::1]:8080', { app: 'ibuhoo', fallback: true }],
    // the fallback application named by its own host is not the fallback
    ['ibuhoo.localhost:8080', { app: 'ibuhoo' }],
    ['firmaya.localhost:8080', { app: 'firmaya' }],
    ['FIRMAYA.localhost', { app: 'firmaya' }],
    ['bemyself.localhost', { app: 'bemyself' }],
    ['bmsbra.bemyself.localhost:8080', { app: 'bemyself', tenant: 'bmsbra' }],
    ['472.bemyself.localhost', { app: 'bemyself', tenant: '472' }],
    ['letmicert.license.localhost', { app: 'license', tenant: 'letmicert' }],
    ['myselfcert.license.localhost', { app: 'license', tenant: 'myselfcert' }],
    // unknown tenant: the application without a tenant
    ['nowhere.bemyself.localhost', { app: 'bemyself' }],
    // a tenant of another application is not a tenant here
    ['bmscol.firmaya.localhost', { app: 'firmaya' }],
    // unknown application: the fallback
    ['unknown.localhost', { app: 'ibuhoo', fallback: true }],
    ['bmsbra.unknown.localhost', { app: 'ibuhoo', fallback: true }],
    ['www.example.com', { app: 'ibuhoo', fallback: true }],
    [undefined, { app: 'ibuhoo', fallback: true }],
    ['', { app: 'ibuhoo', fallback: true }],
  ])('%p → %p', (host, expected) => {
    expect(resolveHost(host, catalog)).toEqual(expected);
  });

  it('maps production host names through HOST_MAP', () => {
    const hostMap = {
      'firma.example.com': { app: 'firmaya' },
      'br.myself.example.com': { app: 'bemyself', tenant: 'bmsbra' },
      'bad-tenant.example.com': { app: 'bemyself', tenant: 'nope' },
      'bad-app.example.com': { app: 'nope' },
    };
    expect(resolveHost('firma.example.com', catalog, hostMap)).toEqual({ app: 'firmaya' });
    expect(resolveHost('BR.myself.example.com:443', catalog, hostMap)).toEqual({ app: 'bemyself', tenant: 'bmsbra' });
    expect(resolveHost('bad-tenant.example.com', catalog, hostMap)).toEqual({ app: 'bemyself' });
    expect(resolveHost('bad-app.example.com', catalog, hostMap)).toEqual({ app: 'ibuhoo', fallback: true });
    expect(resolveHost('other.example.com', catalog, hostMap)).toEqual({ app: 'ibuhoo', fallback: true });
  });
});
