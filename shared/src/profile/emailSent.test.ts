import { DEFAULT_PROFILE } from '../contracts/profiles';
import { resetPageProfile, setPageProfile } from './store';
import { resetRuntimeConfig, setRuntimeConfig } from '../runtime-config';
import { emailSentRoute } from './emailSent';

afterEach(() => {
  resetPageProfile();
  resetRuntimeConfig();
});

describe('emailSentRoute', () => {
  it("follows the page profile's emailSentRoute", () => {
    expect(emailSentRoute()).toBe('/alert');
    setPageProfile({ ...DEFAULT_PROFILE, app: 'letmicert', emailSentRoute: '/check-email' });
    expect(emailSentRoute()).toBe('/check-email');
  });

  it('is data, not a list of application names', () => {
    // an application named like a myself-style one, whose profile says /alert, gets /alert
    setRuntimeConfig({ appName: 'bemyself' });
    setPageProfile({ ...DEFAULT_PROFILE, app: 'bemyself', emailSentRoute: '/alert' });
    expect(emailSentRoute()).toBe('/alert');
  });

  it('takes a given profile over the page one', () => {
    setPageProfile({ ...DEFAULT_PROFILE, emailSentRoute: '/check-email' });
    expect(emailSentRoute({ emailSentRoute: '/alert' })).toBe('/alert');
    expect(emailSentRoute({ emailSentRoute: '/check-email' })).toBe('/check-email');
  });
});
