import { MENU_ICON_VIEWBOX } from './shell';

/**
 * One menu icon drawn inline from its SVG body (no request per icon). The body is one of the
 * generated set's constants, never user input: the one place that sets it as markup.
 */
export function MenuIconSvg({ body, size }: { body: string; size: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox={MENU_ICON_VIEWBOX}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
