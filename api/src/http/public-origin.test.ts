import { publicOrigin } from './public-origin';

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
