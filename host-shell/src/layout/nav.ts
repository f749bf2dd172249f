/** Width of the permanent side drawer (docs/product/portal.md, The authenticated shell). */
export const DRAWER_WIDTH = '220px';
