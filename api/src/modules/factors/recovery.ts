import { randomInt } from 'node:crypto';
import { RECOVERY_CODES_COUNT } from '@suite/shared/contracts';
import { secretHash } from '../../security/tokens';

// letters and digits that cannot be mistaken for one another when read aloud or copied by hand
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten letters and digits (about 49 bits each), shown as two groups of five. */
function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The hash a recovery code is kept as (its random length makes a fast hash enough). */
export function hashRecoveryCode(code: string): string {
  return secretHash(code.replace('-', '').toLowerCase());
}

/** A person's new set: the codes to show once, and the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
