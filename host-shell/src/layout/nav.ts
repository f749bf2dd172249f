/** Width of the permanent side drawer (portal spec §9). */
export const DRAWER_WIDTH = '220px';
