import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PROFILE, mergeProfile } from '../contracts/profiles';
import { createSuiteSystem, staticGlobalStyles } from './index';

/**
 * global.css, the static style sheet every page preloads (docs/adr/0021), is generated from
 * staticGlobalStyles as Emotion writes it. After a change to the theme or to Chakra:
 *   pnpm --filter @suite/shared css:global
 */
const FILE = join(__dirname, 'global.css');
const HEADER =
  "/* Chakra UI's reset, global styles and the CSS variables of every token no portal profile sets.\n" +
  '   Generated from shared/src/theme (staticGlobalStyles) by `pnpm --filter @suite/shared css:global`: do not edit. */\n';

/** The CSS Emotion inserts for `styles`, one rule per line (as text: `speedy` off). */
function emotionCss(styles: unknown): string {
  document.head.innerHTML = '';
  const cache = createCache({ key: 'css', speedy: false });
  const { unmount } = render(
    <CacheProvider value={cache}>
      <Global styles={styles as never} />
    </CacheProvider>,
  );
  const rules = [...document.head.querySelectorAll('style')].map((style) => style.textContent ?? '').filter(Boolean);
  unmount();
  return `${rules.join('\n')}\n`;
}

type Styles = Record<string, unknown>;
/** Every CSS variable declaration of token styles, as `selector path → --name: value`. */
function declarations(styles: Styles, path: string[] = []): string[] {
  return Object.entries(styles).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? declarations(value as Styles, [...path, key])
      : key.startsWith('--')
        ? [`${path.join(' → ')} → ${key}: ${String(value)}`]
        : [],
  );
}

const darkGreen = mergeProfile(DEFAULT_PROFILE, {
  fontFamily: 'Georgia, serif',
  palette: { primary: { main: '#047857' } },
  colors: { button: { active: '#047857' } },
  dark: { textColor: '#eef0f3', colors: { background: '#0f1216' } },
});

describe('global.css', () => {
  it('is what the theme generates (regenerate: pnpm --filter @suite/shared css:global)', () => {
    const css = HEADER + emotionCss(staticGlobalStyles());
    if (process.env.UPDATE_GLOBAL_CSS === '1') writeFileSync(FILE, css);
    expect(readFileSync(FILE, 'utf8')).toBe(css);
  });

  it('is the same for every profile', () => {
    expect(emotionCss(staticGlobalStyles(darkGreen))).toBe(emotionCss(staticGlobalStyles(DEFAULT_PROFILE)));
  });

  it('holds the reset and the layers, in order, and no profile value', () => {
    const css = readFileSync(FILE, 'utf8');
    expect(css.indexOf('@layer reset,base,tokens,recipes;')).toBeGreaterThan(0);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('--chakra-colors-gray-500:');
    expect(css).not.toMatch(/--chakra-colors-brand-|--chakra-fonts-body:|--chakra-colors-fg:/);
    expect(css).not.toContain(DEFAULT_PROFILE.fontFamily);
  });
});

describe("a page's system", () => {
  it("inserts only its profile's CSS variables: with global.css, every token's", () => {
    for (const profile of [DEFAULT_PROFILE, darkGreen]) {
      const system = createSuiteSystem(profile);
      const [inserted, ...rest] = system._global as Styles[];
      expect(rest).toEqual([]);
      const own = declarations(inserted);
      const shared = declarations(staticGlobalStyles(profile)[3] as Styles);
      const all = declarations(system.getTokenCss() as Styles);
      expect(own.length).toBeGreaterThan(10);
      expect(own.length).toBeLessThan(60);
      expect([...own, ...shared].sort()).toEqual([...all].sort());
    }
  });

  it("carries the profile's font and colours in what it inserts", () => {
    const inserted = JSON.stringify(createSuiteSystem(darkGreen)._global);
    expect(inserted).toContain('Georgia, serif');
    expect(inserted).toContain('#047857');
    expect(inserted).toContain('#eef0f3');
  });
});
