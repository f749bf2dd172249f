import { CONSOLE_SECTIONS } from '../federation';
import { MENU_ICON_BODIES } from './icons';
import { SHELL_ICON_BODIES } from './shell';

describe("the shell's own menu icons", () => {
  it('hold every icon of the console as seeded: its sections, the user menu, the top bar', () => {
    // the seeded user menu's (api/src/db/seeds/menus.ts) and the top bar's fallback (TopMenu)
    const named = [...CONSOLE_SECTIONS.map((section) => section.icon), 'shield-check', 'log-out', 'menu'];
    expect(named.filter((name) => !Object.hasOwn(SHELL_ICON_BODIES, name))).toEqual([]);
  });

  it('are the whole set’s own bodies', () => {
    for (const [name, body] of Object.entries(SHELL_ICON_BODIES))
      expect(body).toBe(MENU_ICON_BODIES[name as keyof typeof MENU_ICON_BODIES]);
  });
});
