/**
 * Whether an identity provider's sign-in counts as the second step of an application that asks
 * for one (docs/adr/0037-second-factors.md): only where the provider's ID token says a second
 * factor was used. RFC 8176's `amr` says so with `mfa`, or with a method the person knows beside
 * one they have or are; an `acr` says so when it is one the provider's configuration names
 * (`mfaAcr`, by default OpenID PAPE's multi-factor policy). Anything else: the application's
 * policy applies after the provider's sign-in.
 */

/** OpenID PAPE's policy of a sign-in with more than one factor. */
export const PAPE_MULTI_FACTOR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

const KNOWS = new Set(['pwd', 'pin', 'kba']);
const HAS_OR_IS = new Set(['otp', 'sms', 'tel', 'hwk', 'swk', 'sc', 'face', 'fpt', 'iris', 'retina', 'vbm']);

export function providerUsedSecondFactor(claims: Readonly<Record<string, unknown>>, mfaAcr: readonly string[]): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((method): method is string => typeof method === 'string') : [];
  if (amr.includes('mfa')) return true;
  if (amr.some((method) => KNOWS.has(method)) && amr.some((method) => HAS_OR_IS.has(method))) return true;
  return typeof claims.acr === 'string' && mfaAcr.includes(claims.acr);
}
