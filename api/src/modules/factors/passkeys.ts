import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { SECOND_STEP_SECONDS } from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { isSuiteOrigin } from '../../http/public-origin';
import { secretHash } from '../../security/tokens';
import { passkeyUsed, spendPasskeyChallenge, storePasskeyChallenge, type PasskeyChallenge, type StoredPasskey } from './queries';

/**
 * Passkeys (WebAuthn, docs/adr/0037-second-factors.md) with @simplewebauthn/server: the relying
 * party is WEBAUTHN_RP_ID (PUBLIC_URL's host by default), answered from any of the suite's own
 * origins under it. Every challenge is kept in PostgreSQL (as a SHA-256) and answered once, on
 * whichever instance the answer reaches.
 */

const TIMEOUT_MS = SECOND_STEP_SECONDS * 1000;

/** The origin a browser's answer came from, when it is one of the suite's own and under the relying party id. */
function acceptedOrigin(ctx: AppContext, clientDataJSON: string): string | undefined {
  let origin: string;
  try {
    origin = decodeClientDataJSON(clientDataJSON).origin;
  } catch {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  const rpId = ctx.config.passkeyRpId;
  const host = url.hostname.toLowerCase();
  const underRp = host === rpId || host.endsWith(`.${rpId}`);
  return underRp && isSuiteOrigin(ctx.config, url) ? url.origin : undefined;
}

/** The challenge a browser's answer carries (base64url), as its client data says. */
export function challengeOfAnswer(clientDataJSON: string): string | undefined {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
}

/** The user handle a passkey of this account carries: the account id's bytes (nothing personal in the authenticator). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));

const asTransports = (values: string[]) => values as AuthenticatorTransport[];

/** Options of a new passkey: discoverable (a sign-in without a user name needs it), none of the person's own again. */
export async function creationOptions(
  ctx: AppContext,
  person: { id: string; userName: string; displayName: string },
  rpName: string,
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName,
    rpID: ctx.config.passkeyRpId,
    userName: person.userName,
    userDisplayName: person.displayName,
    userID: userHandleOf(person.id),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storePasskeyChallenge(ctx.db, secretHash(options.challenge), { purpose: 'register', userId: person.id }, SECOND_STEP_SECONDS);
  return options;
}

/** A new passkey of the person, verified against the challenge handed to them (spent here). */
export async function verifyCreation(
  ctx: AppContext,
  userId: string,
  response: RegistrationResponseJSON,
): Promise<{ credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] } | undefined> {
  const origin = acceptedOrigin(ctx, response.response.clientDataJSON);
  if (!origin) return undefined;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => spendPasskeyChallenge(ctx.db, secretHash(challenge), { purpose: 'register', userId }),
      expectedOrigin: origin,
      expectedRPID: ctx.config.passkeyRpId,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

/** Options of a sign-in's passkey prompt: the person's own passkeys (the second step), or any discoverable one. */
export async function requestOptions(
  ctx: AppContext,
  challenge: PasskeyChallenge,
  allow: StoredPasskey[] | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.passkeyRpId,
    timeout: TIMEOUT_MS,
    allowCredentials: allow?.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
    // a passkey alone stands for both factors: it must have verified the person (PIN, biometrics)
    userVerification: allow ? 'preferred' : 'required',
  });
  await storePasskeyChallenge(ctx.db, secretHash(options.challenge), challenge, SECOND_STEP_SECONDS);
  return options;
}

/**
 * A passkey's answer to a challenge handed out for `challenge` (spent here, right or wrong), signed
 * by `passkey`: its counter moves on. False for anything else: another challenge, a foreign origin,
 * a bad signature, a counter gone back, a passkey that did not verify the person when it must.
 */
export async function verifyAnswer(
  ctx: AppContext,
  passkey: StoredPasskey,
  response: AuthenticationResponseJSON,
  challenge: PasskeyChallenge,
  options: { requireUserVerification: boolean },
): Promise<boolean> {
  const origin = acceptedOrigin(ctx, response.response.clientDataJSON);
  if (!origin || response.id !== passkey.credentialId) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (value) => spendPasskeyChallenge(ctx.db, secretHash(value), challenge),
      expectedOrigin: origin,
      expectedRPID: ctx.config.passkeyRpId,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: asTransports(passkey.transports),
      },
      requireUserVerification: options.requireUserVerification,
    });
    if (!result.verified) return false;
    await passkeyUsed(ctx.db, passkey.id, result.authenticationInfo.newCounter);
    return true;
  } catch {
    return false;
  }
}
