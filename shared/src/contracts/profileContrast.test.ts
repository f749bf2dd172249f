import { contrastRatio, profileTextPairs } from './profileContrast';
import { DEFAULT_PROFILE, profileInMode } from './profiles';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, symmetric, and reads #rgb', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#575756', '#575756')).toBe(1);
    expect(contrastRatio('#1d5fa8', '#fff')).toBeCloseTo(contrastRatio('#ffffff', '#1d5fa8'), 10);
    // the spec's page text on white: 7.2:1
    expect(contrastRatio('#575756', '#ffffff')).toBeCloseTo(7.23, 1);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow('not a #rrggbb colour');
  });
});

describe('profileTextPairs', () => {
  it('meets AA for the default profile', () => {
    const failing = profileTextPairs(profileInMode(DEFAULT_PROFILE, 'light')).filter((p) => contrastRatio(p.text, p.background) < 4.5);
    expect(failing).toEqual([]);
  });

  it('reports a pair that does not', () => {
    const grey = { ...DEFAULT_PROFILE, colors: { ...DEFAULT_PROFILE.colors, link: '#bbbbbb' } };
    expect(profileTextPairs(grey).filter((p) => contrastRatio(p.text, p.background) < 4.5).map((p) => p.name)).toEqual(['link on surface', 'link on page']);
  });
});
