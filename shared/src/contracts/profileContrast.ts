import type { PortalProfile } from './profiles';

/** WCAG 2 relative luminance of a #rgb or #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const value = hex.trim().replace(/^#/, '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The text/background pairs of a profile that the public screens draw (in one template: pass
 * `profileInMode(profile, mode)`); each must reach AA_TEXT_CONTRAST.
 */
export function profileTextPairs(p: PortalProfile): { name: string; text: string; background: string }[] {
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
