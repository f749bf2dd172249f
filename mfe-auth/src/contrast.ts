/** WCAG 2 contrast of two colours, to keep texts readable whatever palette a profile brings. */

/** Channels of a #rgb or #rrggbb colour, or null for anything else. */
function channels(hex: string): [number, number, number] | null {
  const value = hex.trim().replace(/^#/, '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio (1–21) of two hex colours; 1 when either does not parse. */
export function contrastRatio(a: string, b: string): number {
  const ca = channels(a);
  const cb = channels(b);
  if (!ca || !cb) return 1;
  const [light, dark] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Normal-size text needs 4.5:1 (WCAG 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5;

/**
 * The first candidate readable on `background`; when none is, whichever of black and white
 * contrasts more, so a profile colour never turns a text unreadable.
 */
export function readableOn(background: string, ...candidates: string[]): string {
  const found = candidates.find((c) => contrastRatio(c, background) >= TEXT_CONTRAST);
  if (found) return found;
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
