import { DEFAULT_PROFILE } from '@suite/shared';
import { HEX_COLOUR } from '@suite/shared/console';

/**
 * The Apariencia tab's fields, read from the profile's own shape (DEFAULT_PROFILE), so a colour
 * added to the profile is editable here without a second list to keep: every colour of the palette
 * and of the pieces, the page text, and the images.
 */

export type FieldPath = readonly string[];

/** Paths of the colour leaves: palette.*.*, colors.* (nested), textColor. Images are not colours. */
export const COLOUR_PATHS: FieldPath[] = [
  ['textColor'],
  ...leaves(DEFAULT_PROFILE.palette as unknown as Record<string, unknown>, ['palette']),
  ...leaves(DEFAULT_PROFILE.colors as unknown as Record<string, unknown>, ['colors']).filter(
    (path) => path.join('.') !== 'colors.alert.image',
  ),
];

/** Image fields: favicon, page background, each screen's logo, the alert image. */
export const IMAGE_PATHS: FieldPath[] = [
  ['favicon'],
  ['background'],
  ...Object.keys(DEFAULT_PROFILE.logos).map((key) => ['logos', key]),
  ['colors', 'alert', 'image'],
];

function leaves(tree: Record<string, unknown>, prefix: string[]): FieldPath[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value as Record<string, unknown>, [...prefix, key]) : [[...prefix, key]],
  );
}

export function getAt(tree: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    tree,
  );
}

/** `tree` with the value at `path` replaced (copies along the path); `undefined` removes the key. */
export function setAt<T>(tree: T, path: FieldPath, value: unknown): T {
  const [key, ...rest] = path;
  const node = (tree !== null && typeof tree === 'object' ? tree : {}) as Record<string, unknown>;
  const next = { ...node };
  if (rest.length === 0) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  } else {
    const child = setAt(node[key], rest, value);
    if (child && typeof child === 'object' && Object.keys(child).length === 0) delete next[key];
    else next[key] = child;
  }
  return next as T;
}

/** '#abc' → '#aabbcc' for the native colour input, which takes the long form only; '' when not a colour. */
export function longHex(value: string): string {
  if (!HEX_COLOUR.test(value)) return '';
  const hex = value.slice(1);
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`.toLowerCase();
}
