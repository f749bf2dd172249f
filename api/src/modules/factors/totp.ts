import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@suite/shared/contracts';

/** The time authenticator codes are checked against; tests move it (a seam, like the page's location). */
export const totpClock = { now: (): number => Date.now() };

/** A code is accepted in its own 30 s step and the ones just before and after (clock drift, typing time). */
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new shared secret: 160 random bits (RFC 4226's recommendation), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans: the issuer (the application's title) and the person's user name. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The URI as a QR code: an SVG image in a data: URL. */
export async function qrCodeOf(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The code of `secret` at `timestamp` (tests compute what the person's app would show). */
export function totpCode(secret: string, timestamp = totpClock.now()): string {
  return totpOf(secret).generate({ timestamp });
}

/** The time step a right code belongs to (to spend it once), or null for a wrong code. */
export function matchingStep(secret: string, code: string, timestamp = totpClock.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
