import { endpoint, type Endpoint } from './endpoint';

/** What the portal reads of an application: its parameters, profile and public data (portal spec). */
export const applicationsApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
