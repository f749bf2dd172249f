import { endpoint, type Endpoint } from './endpoint';

/** The applications section: list, create, modify, appearance and images (console spec). */
export const applicationsAdminApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
