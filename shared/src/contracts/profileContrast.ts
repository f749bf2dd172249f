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

/** The colours the contrast check reads (a profile's, in one template). */
interface ContrastColours {
  textColor: string;
  palette: { secondary: { titleText: string } };
  colors: {
    background: string;
    surface: string;
    message: string;
    versionLabel: string;
    link: string;
    forgotPassword: string;
    button: { text: string; active: string; disabledText: string; disabled: string };
    input: { text: string; background: string; label: string };
    errorBox: { text: string; background: string };
    alert: { text: string };
    selectAccount: { text: string; background: string };
  };
}

/** A text colour drawn on a background colour by the public screens; `field` names the text's field. */
export interface ContrastPair {
  field: string;
  text: string;
  background: string;
}

/** The text/background pairs the public screens draw with a profile, in one template. */
export function profileTextPairs(p: ContrastColours): ContrastPair[] {
  const { colors } = p;
  const pair = (field: string, text: string, background: string) => ({ field, text, background });
  return [
    pair('textColor/colors.background', p.textColor, colors.background),
    pair('textColor/colors.surface', p.textColor, colors.surface),
    pair('colors.message/colors.surface', colors.message, colors.surface),
    pair('palette.secondary.titleText/colors.surface', p.palette.secondary.titleText, colors.surface),
    pair('colors.versionLabel/colors.background', colors.versionLabel, colors.background),
    pair('colors.versionLabel/colors.surface', colors.versionLabel, colors.surface),
    pair('colors.link/colors.surface', colors.link, colors.surface),
    pair('colors.link/colors.background', colors.link, colors.background),
    pair('colors.forgotPassword/colors.surface', colors.forgotPassword, colors.surface),
    pair('colors.button.text/colors.button.active', colors.button.text, colors.button.active),
    pair('colors.button.disabledText/colors.button.disabled', colors.button.disabledText, colors.button.disabled),
    pair('colors.input.text/colors.input.background', colors.input.text, colors.input.background),
    pair('colors.input.label/colors.surface', colors.input.label, colors.surface),
    pair('colors.errorBox.text/colors.errorBox.background', colors.errorBox.text, colors.errorBox.background),
    pair('colors.alert.text/colors.surface', colors.alert.text, colors.surface),
    pair('colors.selectAccount.text/colors.selectAccount.background', colors.selectAccount.text, colors.selectAccount.background),
  ];
}

/** A pair below AA, with its ratio rounded to two decimals (as a message shows it). */
export interface ContrastFailure extends ContrastPair {
  ratio: number;
}

/** The pairs of `profileTextPairs` below WCAG AA for normal text. */
export function contrastFailures(p: ContrastColours): ContrastFailure[] {
  return profileTextPairs(p)
    .map((pair) => ({ ...pair, ratio: Math.floor(contrastRatio(pair.text, pair.background) * 100) / 100 }))
    .filter((pair) => pair.ratio < AA_TEXT_CONTRAST);
}
