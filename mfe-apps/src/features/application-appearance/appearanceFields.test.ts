import { DEFAULT_PROFILE } from '@suite/shared';
import { COLOUR_PATHS, IMAGE_PATHS, getAt, longHex, setAt } from './appearanceFields';

describe('the appearance fields', () => {
  it('are every colour of the profile, read from its shape, and no image among them', () => {
    const dotted = COLOUR_PATHS.map((path) => path.join('.'));
    expect(dotted).toEqual(
      expect.arrayContaining([
        'textColor',
        'palette.primary.main',
        'colors.link',
        'colors.button.text',
        'colors.errorBox.background',
        'colors.surface',
      ]),
    );
    expect(dotted).not.toContain('colors.alert.image');
    for (const path of COLOUR_PATHS) expect(String(getAt(DEFAULT_PROFILE, path))).toMatch(/^#[0-9a-f]{6}$/i);
    for (const path of IMAGE_PATHS) expect(typeof getAt(DEFAULT_PROFILE, path)).toBe('string');
  });

  it('set a value by path without touching the original, and drop emptied branches', () => {
    const tree = { colors: { link: '#111111', button: { text: '#ffffff' } } };
    const next = setAt(tree, ['colors', 'button', 'text'], '#000000');
    expect(next).toEqual({ colors: { link: '#111111', button: { text: '#000000' } } });
    expect(tree.colors.button.text).toBe('#ffffff');
    expect(setAt({ colors: { button: { text: '#fff' } } }, ['colors', 'button', 'text'], undefined)).toEqual({});
    expect(setAt({}, ['dark', 'colors', 'link'], '#123456')).toEqual({ dark: { colors: { link: '#123456' } } });
  });

  it('give the native colour input the long form', () => {
    expect(longHex('#AbC')).toBe('#aabbcc');
    expect(longHex('#1d5fa8')).toBe('#1d5fa8');
    expect(longHex('red')).toBe('');
  });
});
