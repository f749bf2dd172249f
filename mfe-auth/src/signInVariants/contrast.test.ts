import { DEFAULT_PROFILE } from '@suite/shared';
import { TEXT_CONTRAST, contrastRatio, readableOn } from './contrast';
import { TEMPLATE_SURFACES, screenColors } from './templateMode';

describe('contrast', () => {
  it('measures the WCAG ratio of two colours', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#575756', '#ffffff')).toBeGreaterThan(7);
    expect(contrastRatio('red', '#ffffff')).toBe(1);
  });

  it('keeps the first readable candidate, else black or white', () => {
    expect(readableOn('#ffffff', '#eeeeee', '#1d5fa8')).toBe('#1d5fa8');
    expect(readableOn('#1b1f24', '#1d5fa8', '#4f8fd1')).toBe('#4f8fd1');
    expect(readableOn('#1b1f24', '#222222')).toBe('#ffffff');
    expect(readableOn('#fafafa', '#eeeeee')).toBe('#000000');
  });
});

describe('colours of the public screens', () => {
  it('light: the profile colours as given', () => {
    expect(screenColors(DEFAULT_PROFILE, 'light')).toMatchObject({
      text: DEFAULT_PROFILE.textColor,
      link: DEFAULT_PROFILE.colors.link,
      forgotPassword: DEFAULT_PROFILE.colors.forgotPassword,
      versionLabel: DEFAULT_PROFILE.colors.versionLabel,
    });
  });

  it('dark: every text readable on the dark panel', () => {
    const dark = screenColors(DEFAULT_PROFILE, 'dark');
    expect(dark.panel).toBe(TEMPLATE_SURFACES.dark.panel);
    for (const colour of [dark.text, dark.link, dark.forgotPassword, dark.versionLabel]) {
      expect(contrastRatio(colour, dark.panel)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});
