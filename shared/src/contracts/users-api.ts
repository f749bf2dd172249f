import { endpoint, type Endpoint } from './endpoint';

/** The users section and its card: the list, the user's record, companies and catalogs (console spec). */
export const usersApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
