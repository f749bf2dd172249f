import { endpoint, type Endpoint } from './endpoint';

/** Sign-in, tokens, the session's checks, the hub's negotiation, the client configuration and the captcha (portal spec). */
export const sessionsApi = {
} as const satisfies Record<string, Endpoint>;

void endpoint;
