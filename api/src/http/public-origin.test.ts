import { isRegisteredAddress, publicOrigin } from './public-origin';

describe('publicOrigin', () => {
  const dev = { publicUrl: 'http://localhost:8080', hostMap: {} };
  const prod = {
    publicUrl: 'https://id.example.com',
    hostMap: {
      'firma.example.com': { app: 'firmaya' },
      'br.example.com': { app: 'bemyself', tenant: 'bmsbra' },
      'myself.example.com': { app: 'bemyself' },
    },
  };

  it('follows the *.localhost convention of the development suite', () => {
    expect(publicOrigin(dev, 'ibuhoo')).toBe('http://localhost:8080');
    expect(publicOrigin(dev, 'firmaya')).toBe('http://firmaya.localhost:8080');
    expect(publicOrigin(dev, 'bemyself', 'bmsbra')).toBe('http://bmsbra.bemyself.localhost:8080');
    expect(publicOrigin(dev, 'ibuhoo', 'suite')).toBe('http://suite.ibuhoo.localhost:8080');
  });

  it('takes the HOST_MAP host of the application and tenant, else of the application, else PUBLIC_URL', () => {
    expect(publicOrigin(prod, 'firmaya')).toBe('https://firma.example.com');
    expect(publicOrigin(prod, 'FirmaYa', 'none')).toBe('https://firma.example.com');
    expect(publicOrigin(prod, 'bemyself', 'bmsbra')).toBe('https://br.example.com');
    expect(publicOrigin(prod, 'bemyself', 'bmscol')).toBe('https://myself.example.com');
    expect(publicOrigin(prod, 'bemyself')).toBe('https://myself.example.com');
    expect(publicOrigin(prod, 'confronta')).toBe('https://id.example.com');
    expect(publicOrigin(prod, 'ibuhoo')).toBe('https://id.example.com');
  });

  it("keeps PUBLIC_URL's port for mapped hosts", () => {
    expect(publicOrigin({ ...prod, publicUrl: 'https://id.example.com:8443' }, 'firmaya')).toBe('https://firma.example.com:8443');
  });
});

describe('isRegisteredAddress', () => {
  const config = (publicUrl: string, appOrigins: string[] = [], hostMap = {}) => ({
    publicUrl,
    hostMap,
    security: { frameAncestors: [], corsOrigins: [], appOrigins, hsts: true, hstsMaxAge: 0 },
  });

  it('takes a path of the suite, PUBLIC_URL, the HOST_MAP hosts and the APP_ORIGINS', () => {
    const production = config('https://id.example.com', ['https://*.apps.example.com', 'https://billing.example.org'], {
      'firma.example.com': { app: 'firmaya' },
    });
    for (const address of [
      '/users',
      '/changepassword?x=1',
      'https://id.example.com/users',
      'https://firma.example.com/entrar',
      'https://nomina.apps.example.com/',
      'https://billing.example.org/a',
    ]) {
      expect([address, isRegisteredAddress(production, address)]).toEqual([address, true]);
    }
  });

  it('refuses any other host, scheme, port, a second level under a wildcard, credentials and protocol-relative paths', () => {
    const production = config('https://id.example.com', ['https://*.apps.example.com'], { 'firma.example.com': { app: 'firmaya' } });
    for (const address of [
      '//evil.example/steal',
      '/\\evil.example',
      'https://evil.example/steal',
      'http://id.example.com/users',
      'https://id.example.com:8443/users',
      'http://firma.example.com/entrar',
      'https://a.b.apps.example.com/',
      'https://apps.example.com/',
      'https://apps.example.com.evil.example/',
      'https://user:pass@id.example.com/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect([address, isRegisteredAddress(production, address)]).toEqual([address, false]);
    }
  });

  it('takes the development suite’s *.localhost hosts on its own port only', () => {
    const development = config('http://localhost:8080');
    expect(isRegisteredAddress(development, 'http://firmaya.localhost:8080/x')).toBe(true);
    expect(isRegisteredAddress(development, 'http://firmaya.localhost:9090/x')).toBe(false);
    expect(isRegisteredAddress(config('https://id.example.com'), 'https://firmaya.localhost/x')).toBe(false);
  });
});
