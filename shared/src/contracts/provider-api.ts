import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { endpoint } from './endpoint';

export const PROVIDER_MESSAGES = es.provider;

/** The portal's sign-in page of an OpenID request carries the provider's interaction in this query parameter. */
export const PROVIDER_INTERACTION_PARAM = 'interaction';

const INTERACTION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** An interaction's id as the provider writes them. */
export const ProviderInteractionIdSchema = v.pipe(v.string(), v.regex(INTERACTION_ID, es.provider.requestExpired));

/** Whether `value` can be an interaction's id (the sign-in page checks its address with it). */
export function isProviderInteractionId(value: unknown): value is string {
  return typeof value === 'string' && INTERACTION_ID.test(value);
}

export const ProviderHandoffRequestSchema = v.object({ interaction: ProviderInteractionIdSchema });

/** Where the browser goes next: the provider's origin, with a single-use code that finishes the interaction. */
export interface ProviderHandoffResult {
  url: string;
}
export const ProviderHandoffResultSchema = resultSchema<ProviderHandoffResult>()(v.object({ url: v.string() }));

/**
 * The suite as an OpenID provider (docs/adr/0036-openid-provider.md). Its standard endpoints —
 * discovery, authorization, token, userinfo, revocation, end session — are oidc-provider's and
 * are described by the discovery document; this is the portal's part of a sign-in.
 */
export const providerApi = {
  /** The portal page signed in for an OpenID request: the session is handed to the request's interaction. */
  handoff: endpoint({
    method: 'POST',
    path: '/api/oidc/interaction/handoff',
    summary: 'Hand the signed-in session to an OpenID sign-in request',
    tag: 'auth',
    body: ProviderHandoffRequestSchema,
    result: ProviderHandoffResultSchema,
    access: 'session',
  }),
};
