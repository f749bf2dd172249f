import { CONSOLE_SECTIONS } from '@suite/shared';

/** Links of the side drawer: the administration sections of the route map (console spec §2). */
export const NAV_ITEMS = CONSOLE_SECTIONS.map(({ path, label }) => ({ to: path, label }));

/** Width of the permanent side drawer (portal spec §9). */
export const DRAWER_WIDTH = '220px';
