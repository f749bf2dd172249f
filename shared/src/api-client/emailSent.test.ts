import { resetRuntimeConfig, setRuntimeConfig } from '../runtime-config';
import { emailSentRoute } from './emailSent';

afterEach(() => resetRuntimeConfig());

describe('emailSentRoute', () => {
  it.each(['myselfcert', 'letmicert', 'bemyself', 'BeMyself'])('%s uses /check-email by default', (app) => {
    expect(emailSentRoute({}, app)).toBe('/check-email');
  });

  it('other applications use /alert by default', () => {
    expect(emailSentRoute({}, 'ibuhoo')).toBe('/alert');
  });

  it("the application's profile decides when it says", () => {
    expect(emailSentRoute({ emailSentScreen: 'check-email' }, 'ibuhoo')).toBe('/check-email');
    expect(emailSentRoute({ emailSentScreen: '/alert' }, 'bemyself')).toBe('/alert');
  });

  it("reads the page's application from the runtime config", () => {
    setRuntimeConfig({ appName: 'letmicert' });
    expect(emailSentRoute()).toBe('/check-email');
  });
});
