/** WCAG 2 relative luminance of a #rgb or #rrggbb colour; NaN for anything else. */
export function relativeLuminance(hex: string): number {
  const value = hex.trim().replace(/^#/, '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) return Number.NaN;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21); 1 when either is not a hex colour, so it never passes a check. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  const ratio = (light + 0.05) / (dark + 0.05);
  return Number.isNaN(ratio) ? 1 : ratio;
}

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The first candidate readable on `background` (AA for normal text); when none is, whichever of
 * black and white contrasts more, so a profile's colour never makes a text unreadable.
 */
export function readableOn(background: string, ...candidates: string[]): string {
  const found = candidates.find((c) => contrastRatio(c, background) >= AA_TEXT_CONTRAST);
  if (found) return found;
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
