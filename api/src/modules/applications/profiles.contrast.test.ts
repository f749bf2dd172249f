import { AA_TEXT_CONTRAST, COLOR_MODES, DEFAULT_PROFILE, PORTAL_PROFILE_PATH, contrastRatio, profileInMode, type PortalProfile } from '@suite/shared/contracts';
import { describeEachBackend, json } from '../../../test/harness';
import { APPLICATIONS } from '../../db/seed-data';

/** The text/background pairs the public screens draw with a profile (in one template: pass profileInMode(profile, mode)). */
function profileTextPairs(p: PortalProfile): { name: string; text: string; background: string }[] {
  const { colors } = p;
  const pair = (name: string, text: string, background: string) => ({ name, text, background });
  return [
    pair('page text on page', p.textColor, colors.background),
    pair('page text on surface', p.textColor, colors.surface),
    pair('message on surface', colors.message, colors.surface),
    pair('title on surface', p.palette.secondary.titleText, colors.surface),
    pair('version label on page', colors.versionLabel, colors.background),
    pair('version label on surface', colors.versionLabel, colors.surface),
    pair('link on surface', colors.link, colors.surface),
    pair('link on page', colors.link, colors.background),
    pair('forgot-password link on surface', colors.forgotPassword, colors.surface),
    pair('button text on button', colors.button.text, colors.button.active),
    pair('disabled button text', colors.button.disabledText, colors.button.disabled),
    pair('input text', colors.input.text, colors.input.background),
    pair('input label on surface', colors.input.label, colors.surface),
    pair('error box', colors.errorBox.text, colors.errorBox.background),
    pair('alert text on surface', colors.alert.text, colors.surface),
    pair('account list text', colors.selectAccount.text, colors.selectAccount.background),
  ];
}

const failingPairs = (profile: PortalProfile) => profileTextPairs(profile).filter((p) => contrastRatio(p.text, p.background) < AA_TEXT_CONTRAST);

describe('the contrast check', () => {
  it('passes the default profile and catches an unreadable colour', () => {
    expect(failingPairs(DEFAULT_PROFILE)).toEqual([]);
    const grey = { ...DEFAULT_PROFILE, colors: { ...DEFAULT_PROFILE.colors, link: '#bbbbbb' } };
    expect(failingPairs(grey).map((p) => p.name)).toEqual(['link on surface', 'link on page']);
  });
});

/** Every seeded application and tenant variant, as [appName, tenant]. */
const SEEDED: [string, string][] = APPLICATIONS.flatMap((app) => [[app.name, ''] as [string, string], ...(app.tenants ?? []).map((t) => [app.name, t.code] as [string, string])]);

describeEachBackend('contrast of every seeded profile (WCAG AA)', (server) => {
  it.each(SEEDED)('%s %p: every text/background pair of the screens, in both templates', async (appName, tenant) => {
    const reply = await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appName, ...(tenant ? { tenant } : {}) } });
    const profile = json<{ result: PortalProfile }>(reply).result;
    const failing = COLOR_MODES.flatMap((mode) =>
      profileTextPairs(profileInMode(profile, mode))
        .map((p) => ({ mode, ...p, ratio: Math.round(contrastRatio(p.text, p.background) * 100) / 100 }))
        .filter((p) => p.ratio < AA_TEXT_CONTRAST),
    );
    expect(failing).toEqual([]);
  });

  it('gives the myself-style templates really different light and dark surfaces', async () => {
    for (const appName of ['myselfcert', 'bemyself', 'letmicert']) {
      const profile = json<{ result: PortalProfile }>(await server().app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appName } })).result;
      const light = profileInMode(profile, 'light');
      const dark = profileInMode(profile, 'dark');
      expect(profile.colorModeSwitch).toBe(true);
      expect(contrastRatio(light.colors.surface, dark.colors.surface)).toBeGreaterThan(10);
      expect(dark.logos.signIn).toBe(profile.logos.white);
    }
  });
});
