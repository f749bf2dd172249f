import { endpoint, type Endpoint } from './endpoint';

/** The scheduled e-mail notifications section (console spec). */
export const notificationsApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
