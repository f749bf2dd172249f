import { endpoint, type Endpoint } from './endpoint';

/** The menus section and the menu a signed-in person sees (console spec). */
export const menusApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
