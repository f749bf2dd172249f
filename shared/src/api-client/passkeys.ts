import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { FACTOR_MESSAGES } from '../contracts/factors';

/**
 * The browser's side of passkeys (docs/adr/0037-second-factors.md) with @simplewebauthn/browser,
 * loaded only when a passkey is used: pages that never ask for one do not carry it.
 */

/** A passkey the browser did not give: cancelled, timed out, or none on this device. Its message is the catalogue's. */
export class PasskeyError extends Error {
  constructor(readonly cause: unknown) {
    super(FACTOR_MESSAGES.passkeyCancelled);
    this.name = 'PasskeyError';
  }
}

/** Whether this browser can use passkeys at all (WebAuthn). */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const browserSide = () => import('@simplewebauthn/browser');

/** navigator.credentials.create with the API's options: the new passkey, for the API to register. */
export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await browserSide();
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw new PasskeyError(error);
  }
}

/** navigator.credentials.get with the API's options: the passkey's answer, for the API to check. */
export async function answerWithPasskey(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await browserSide();
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw new PasskeyError(error);
  }
}
