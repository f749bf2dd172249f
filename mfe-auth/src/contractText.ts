import { PASSWORD_MESSAGES, RESET_EMAIL_MESSAGES } from '@suite/shared';
import type { TFunction } from 'i18next';

/** Spanish texts of the shared contracts (and of link handling) → this remote's translation keys. */
const KEYS: Record<string, string> = {
  [RESET_EMAIL_MESSAGES.required]: 'contractMessages.emailRequired',
  [RESET_EMAIL_MESSAGES.format]: 'contractMessages.emailFormat',
  [RESET_EMAIL_MESSAGES.max]: 'contractMessages.emailMax',
  [PASSWORD_MESSAGES.weak]: 'contractMessages.weak',
  [PASSWORD_MESSAGES.mismatch]: 'contractMessages.mismatch',
  'El enlace no es válido': 'contractMessages.linkInvalid',
  'Error al procesar el enlace': 'contractMessages.linkUndecodable',
};

/** A validation text of the contracts in the page's language; anything else (server messages) as given. */
export function contractText(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KEYS[message];
  return key ? t(key) : message;
}
