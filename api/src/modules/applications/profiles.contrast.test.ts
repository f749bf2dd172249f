import {
  COLOR_MODES,
  DEFAULT_PROFILE,
  PORTAL_PROFILE_PATH,
  contrastFailures,
  contrastRatio,
  profileInMode,
  type PortalProfile,
} from '@suite/shared/contracts';
import { describeEachBackend, json } from '../../../test/harness';
import { APPLICATIONS } from '../../db/seeds/data';

const failingPairs = (profile: PortalProfile) => contrastFailures(profile);

describe('the contrast check', () => {
  it('passes the default profile and catches an unreadable colour', () => {
    expect(failingPairs(DEFAULT_PROFILE)).toEqual([]);
    const grey = { ...DEFAULT_PROFILE, colors: { ...DEFAULT_PROFILE.colors, link: '#bbbbbb' } };
    expect(failingPairs(grey).map((p) => p.field)).toEqual(['colors.link/colors.surface', 'colors.link/colors.background']);
  });
});

/** Every seeded application and tenant variant, as [appName, tenant]. */
const SEEDED: [string, string][] = APPLICATIONS.flatMap((app) => [
  [app.name, ''] as [string, string],
  ...(app.tenants ?? []).map((t) => [app.name, t.code] as [string, string]),
]);

describeEachBackend('contrast of every seeded profile (WCAG AA)', (server) => {
  it.each(SEEDED)('%s %p: every text/background pair of the screens, in both templates', async (appName, tenant) => {
    const reply = await server().app.inject({
      method: 'GET',
      url: PORTAL_PROFILE_PATH,
      headers: { appName, ...(tenant ? { tenant } : {}) },
    });
    const profile = json<{ result: PortalProfile }>(reply).result;
    const failing = COLOR_MODES.flatMap((mode) => contrastFailures(profileInMode(profile, mode)).map((p) => ({ mode, ...p })));
    expect(failing).toEqual([]);
  });

  it('gives the myself-style templates really different light and dark surfaces', async () => {
    for (const appName of ['myselfcert', 'bemyself', 'letmicert']) {
      const profile = json<{ result: PortalProfile }>(
        await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appName } }),
      ).result;
      const light = profileInMode(profile, 'light');
      const dark = profileInMode(profile, 'dark');
      expect(profile.colorModeSwitch).toBe(true);
      expect(contrastRatio(light.colors.surface, dark.colors.surface)).toBeGreaterThan(10);
      expect(dark.logos.signIn).toBe(profile.logos.white);
    }
  });
});
