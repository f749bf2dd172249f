import { DEFAULT_PROFILE, mergeProfile } from '../contracts/profiles';
import { createSuiteSystem, themeKey } from './index';

type TokenCss = Record<string, Record<string, unknown>>;
/** The CSS variables of a system, as text: all of them, or those of the dark condition. */
function tokenCss(profile: typeof DEFAULT_PROFILE, which: 'all' | 'dark' = 'all'): string {
  const layer = (createSuiteSystem(profile).getTokenCss() as unknown as TokenCss)['@layer tokens'];
  if (which === 'all') return JSON.stringify(layer);
  const dark = Object.entries(layer).filter(([selector]) => selector.startsWith('.dark'));
  expect(dark).toHaveLength(1);
  return JSON.stringify(dark[0][1]);
}

const green = mergeProfile(DEFAULT_PROFILE, { palette: { primary: { main: '#047857' } }, colors: { button: { active: '#047857' } } });

describe('createSuiteSystem', () => {
  it('is memoised: one system per set of theme values, whatever the object', () => {
    expect(createSuiteSystem(DEFAULT_PROFILE)).toBe(createSuiteSystem({ ...DEFAULT_PROFILE }));
    expect(createSuiteSystem()).toBe(createSuiteSystem(DEFAULT_PROFILE));
    // a field the theme does not use does not make a new system
    expect(createSuiteSystem({ ...DEFAULT_PROFILE, title: 'Other', showBuyLink: true })).toBe(createSuiteSystem(DEFAULT_PROFILE));
    expect(createSuiteSystem(green)).not.toBe(createSuiteSystem(DEFAULT_PROFILE));
    expect(themeKey(green)).not.toBe(themeKey(DEFAULT_PROFILE));
  });

  it("carries the profile's font, page text and button colour", () => {
    const system = createSuiteSystem(green);
    expect(system.token('fonts.body')).toBe('Muli, Arial, sans-serif');
    expect(system.token('colors.suiteText')).toBe('#575756');
    expect(system.token('colors.brand.main')).toBe('#047857');
    expect(tokenCss(green)).toContain('#047857');
  });

  it('gives the dark template its values under .dark (switching needs no new system)', () => {
    const profile = mergeProfile(DEFAULT_PROFILE, { dark: { textColor: '#eef0f3', colors: { background: '#0f1216' } } });
    const dark = tokenCss(profile, 'dark');
    expect(dark).toContain('#eef0f3');
    expect(dark).toContain('#0f1216');
    expect(tokenCss(profile, 'all').match(/#575756/g)?.length).toBeGreaterThan(0);
    expect(tokenCss(DEFAULT_PROFILE)).not.toContain('#eef0f3');
  });
});
