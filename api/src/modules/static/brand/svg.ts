import { BRAND_FILES, type Brand, type MarkShape } from '../../../db/seeds/profiles';

/**
 * The brand images, drawn from a brand's name, mark shape and colours (we have no original
 * logos). Pure and deterministic: generate.ts writes them to public/, a test checks the committed
 * files are exactly these.
 */

const FONT = 'Muli, Arial, sans-serif';

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The outline of a mark of `size` at (x, y). */
function shapePath(shape: MarkShape, x: number, y: number, size: number): string {
  const s = size;
  const r = (n: number) => Math.round(n * 100) / 100;
  switch (shape) {
    case 'circle':
      return `<circle cx="${r(x + s / 2)}" cy="${r(y + s / 2)}" r="${r(s / 2)}"`;
    case 'rounded':
      return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${r(s / 4)}"`;
    case 'diamond':
      return `<path d="M${r(x + s / 2)} ${y}L${x + s} ${r(y + s / 2)}L${r(x + s / 2)} ${y + s}L${x} ${r(y + s / 2)}Z"`;
    case 'hexagon': {
      const q = s / 4;
      return `<path d="M${r(x + q)} ${y}H${r(x + 3 * q)}L${x + s} ${r(y + s / 2)}L${r(x + 3 * q)} ${y + s}H${r(x + q)}L${x} ${r(y + s / 2)}Z"`;
    }
    case 'shield':
      return `<path d="M${x} ${y}H${x + s}V${r(y + s * 0.55)}Q${x + s} ${r(y + s * 0.85)} ${r(x + s / 2)} ${y + s}Q${x} ${r(y + s * 0.85)} ${x} ${r(y + s * 0.55)}Z"`;
  }
}

/** The mark alone: the shape in `fill` with the monogram in `ink`. */
function mark(b: Brand, x: number, y: number, size: number, fill: string, ink: string): string {
  const fontSize = b.monogram.length > 1 ? size * 0.4 : size * 0.52;
  return (
    `${shapePath(b.shape, x, y, size)} fill="${fill}"/>` +
    `<text x="${x + size / 2}" y="${Math.round((y + size / 2 + fontSize * 0.36) * 100) / 100}" fill="${ink}" font-family="${FONT}" font-size="${Math.round(fontSize)}" font-weight="700" text-anchor="middle">${esc(b.monogram)}</text>`
  );
}

const svg = (width: number, height: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${esc(title)}</title>${body}</svg>\n`;

/** Mark plus name: on light backgrounds in the brand colours, or all white for dark ones. */
function logo(b: Brand, white: boolean): string {
  const width = Math.max(120, 56 + Math.ceil(b.name.length * 12.5));
  // the name is drawn in whatever font the viewer has: held to the width it was given, so a wider
  // font is narrowed instead of cut off at the image's edge
  const nameWidth = width - 54 - 4;
  const markFill = white ? '#ffffff' : b.color.main;
  const markInk = white ? b.color.dark : '#ffffff';
  const textFill = white ? '#ffffff' : b.color.dark;
  return svg(
    width,
    48,
    b.name,
    mark(b, 4, 4, 40, markFill, markInk) +
      `<text x="54" y="31" fill="${textFill}" font-family="${FONT}" font-size="20" font-weight="700" textLength="${nameWidth}" lengthAdjust="spacingAndGlyphs">${esc(b.name)}</text>`,
  );
}

/** An illustration of a screen: a soft disc in the brand colour with a pictogram and the small mark. */
function illustration(b: Brand, title: string, pictogram: string): string {
  const { main, light } = b.color;
  return svg(
    160,
    120,
    `${b.name}: ${title}`,
    `<circle cx="80" cy="60" r="52" fill="${light}" opacity=".35"/>` +
      `<g fill="none" stroke="${main}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${pictogram}</g>` +
      mark(b, 124, 84, 28, main, '#ffffff'),
  );
}

/**
 * The public screens' background: the brand's mark shape, large and faint, at two corners, so
 * the centre where the form sits stays plain (and its contrast untouched). Sized to cover.
 */
function background(b: Brand, dark: boolean): string {
  const tint = dark ? b.color.main : b.color.light;
  const opacity = dark ? '.18' : '.22';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice" aria-hidden="true"><title>${esc(b.name)}</title>` +
    `<g fill="${tint}" opacity="${opacity}">${shapePath(b.shape, -180, -220, 560)}/>${shapePath(b.shape, 1280, 560, 480)}/>${shapePath(b.shape, 1380, -90, 200)}/></g></svg>\n`
  );
}

const PICTOGRAMS = {
  checkEmail: '<rect x="48" y="38" width="64" height="44" rx="6"/><path d="M50 42l30 22 30-22"/>',
  password: '<rect x="54" y="56" width="52" height="36" rx="6"/><path d="M64 56V46a16 16 0 0 1 32 0v10"/><path d="M80 70v8"/>',
  invalidLink:
    '<path d="M70 66l-8 8a10 10 0 0 1-14-14l8-8"/><path d="M90 54l8-8a10 10 0 0 0-14-14l-8 8"/><path d="M66 42l-6-6M94 78l6 6"/>',
  success: '<circle cx="80" cy="60" r="28"/><path d="M67 60l9 9 17-18"/>',
  expireTime: '<circle cx="80" cy="60" r="28"/><path d="M80 44v16l11 8"/>',
  maintenance: '<path d="M96 36a14 14 0 0 0-18 18L54 78a5 5 0 0 0 7 7l24-24a14 14 0 0 0 18-18l-8 8-7-2-2-7z"/>',
};

/** Every file of a brand's folder, by file name. */
export function brandImages(b: Brand): Record<string, string> {
  return {
    [BRAND_FILES.logo]: logo(b, false),
    [BRAND_FILES.white]: logo(b, true),
    [BRAND_FILES.favicon]: svg(32, 32, b.name, mark(b, 0, 0, 32, b.color.main, '#ffffff')),
    [BRAND_FILES.checkEmail]: illustration(b, 'e-mail', PICTOGRAMS.checkEmail),
    [BRAND_FILES.password]: illustration(b, 'password', PICTOGRAMS.password),
    [BRAND_FILES.invalidLink]: illustration(b, 'invalid link', PICTOGRAMS.invalidLink),
    [BRAND_FILES.success]: illustration(b, 'success', PICTOGRAMS.success),
    [BRAND_FILES.expireTime]: illustration(b, 'expired', PICTOGRAMS.expireTime),
    [BRAND_FILES.maintenance]: illustration(b, 'maintenance', PICTOGRAMS.maintenance),
    [BRAND_FILES.background]: background(b, false),
    [BRAND_FILES.backgroundDark]: background(b, true),
  };
}
