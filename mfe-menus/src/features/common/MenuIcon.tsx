import { MENU_ICON_BODIES, MENU_ICON_VIEWBOX } from '@suite/shared/menu-icons';
import { isMenuIconName, type MenuIconName } from '@suite/shared';

/**
 * A menu icon: one of the generated set (inline SVG, no request per icon), or an uploaded image
 * for a personalised icon. The SVG bodies are the generated file's constants, never user input.
 */
export function MenuIcon({ name, personalized = false, size = 20 }: { name: string; personalized?: boolean; size?: number }) {
  if (!name) return null;
  if (personalized) return <img src={name} alt="" width={size} height={size} />;
  if (!isMenuIconName(name)) return null;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox={MENU_ICON_VIEWBOX}
      dangerouslySetInnerHTML={{ __html: MENU_ICON_BODIES[name as MenuIconName] }}
    />
  );
}
