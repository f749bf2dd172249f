import { endpoint, type Endpoint } from './endpoint';

/** Password flows, certificate users, OTP reset and the external sign-in (portal spec). */
export const passwordsApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
