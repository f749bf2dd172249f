import { DEFAULT_PROFILE, mergeProfile, profileInMode, type PortalProfile } from './profiles';

const base: PortalProfile = { ...DEFAULT_PROFILE, app: 'bemyself', tenant: '', title: 'MySelf' };

describe('mergeProfile', () => {
  it('lays nested objects over the base key by key', () => {
    const merged = mergeProfile(base, {
      title: 'Tenant',
      palette: { primary: { main: '#047857' } },
      colors: { errorBox: { text: '#000000' } },
    });
    expect(merged.title).toBe('Tenant');
    expect(merged.palette.primary).toEqual({ ...base.palette.primary, main: '#047857' });
    expect(merged.palette.error).toEqual(base.palette.error);
    expect(merged.colors.errorBox).toEqual({ text: '#000000', background: base.colors.errorBox.background });
    expect(merged.colors.link).toBe(base.colors.link);
  });

  it('applies overrides in order, the last winning', () => {
    expect(mergeProfile(base, { title: 'A', logoWidth: 200 }, { title: 'B' })).toMatchObject({ title: 'B', logoWidth: 200 });
  });

  it('ignores unknown keys, wrongly typed values and values outside an enumeration', () => {
    const merged = mergeProfile(base, {
      unknown: 1,
      title: 42,
      logoWidth: -3,
      palette: 'red',
      colors: { link: { value: '#000' }, button: null },
      signInVariant: 'fancy',
      emailSentRoute: '/elsewhere',
      defaultLanguage: 'fr',
      colorMode: 'sepia',
      showBuyLink: 'yes',
    });
    expect(merged).toEqual(base);
    expect(merged).not.toHaveProperty('unknown');
  });

  it('takes known enumeration values', () => {
    expect(
      mergeProfile(base, { signInVariant: 'twoColumn', emailSentRoute: '/check-email', defaultLanguage: 'pt', colorMode: 'dark' }),
    ).toMatchObject({
      signInVariant: 'twoColumn',
      emailSentRoute: '/check-email',
      defaultLanguage: 'pt',
      colorMode: 'dark',
    });
  });

  it('never changes app or tenant', () => {
    expect(mergeProfile(base, { app: 'other', tenant: 'x' })).toMatchObject({ app: 'bemyself', tenant: '' });
  });

  it('merges the dark template within the fields it may change', () => {
    const withDark = mergeProfile(base, { dark: { textColor: '#eeeeee', colors: { surface: '#111111' }, title: 'no' } });
    const tenant = mergeProfile(withDark, { dark: { colors: { link: '#aaccff' } } });
    expect(tenant.dark).toEqual({ textColor: '#eeeeee', colors: { surface: '#111111', link: '#aaccff' } });
  });

  it('ignores what is not an object', () => {
    expect(mergeProfile(base, null, 'x', [1], undefined)).toBe(base);
  });
});

describe('profileInMode', () => {
  const profile = mergeProfile(base, {
    background: '/bg.svg',
    colorModeSwitch: true,
    dark: {
      textColor: '#eef0f3',
      background: '/bg-dark.svg',
      logos: { signIn: '/w.svg' },
      colors: { surface: '#1b1f24', input: { text: '#eef0f3' } },
    },
  });

  it('is the profile itself in the light template', () => {
    expect(profileInMode(profile, 'light')).toBe(profile);
  });

  it('lays the dark differences over the light values in the dark template', () => {
    const dark = profileInMode(profile, 'dark');
    expect(dark).toMatchObject({
      colorMode: 'dark',
      textColor: '#eef0f3',
      background: '/bg-dark.svg',
      logos: { ...profile.logos, signIn: '/w.svg' },
    });
    expect(dark.colors.surface).toBe('#1b1f24');
    expect(dark.colors.input).toEqual({ ...profile.colors.input, text: '#eef0f3' });
    expect(dark.colors.link).toBe(profile.colors.link);
  });

  it('gives a profile that starts dark its light values back', () => {
    const startsDark = { ...profile, colorMode: 'dark' as const };
    expect(profileInMode(startsDark, 'light')).toMatchObject({ colorMode: 'light', textColor: profile.textColor, background: '/bg.svg' });
  });
});
