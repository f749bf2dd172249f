import { MENU_ICON_BODIES } from '../menu-icons';
import { MenuIconSvg } from '../menu-icons/svg';

/**
 * The one renderer of a menu icon name, for the editor and the shell alike: an icon of the
 * generated set (inline SVG: no request per icon), or an uploaded image for a personalised icon.
 * Its own entry, shared as a singleton, so the icon set reaches a page only with a menu that
 * draws icons, never /login. The SVG bodies are the generated file's constants, never user input.
 */
export function MenuIcon({ name, personalized = false, size = 20 }: { name: string; personalized?: boolean; size?: number }) {
  if (!name) return null;
  if (personalized) return <img src={name} alt="" width={size} height={size} />;
  if (!Object.hasOwn(MENU_ICON_BODIES, name)) return null;
  return <MenuIconSvg body={MENU_ICON_BODIES[name as keyof typeof MENU_ICON_BODIES]} size={size} />;
}

export default MenuIcon;
