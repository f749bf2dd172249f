import { USER_MESSAGES, VALIDATION_MESSAGES } from '@suite/shared';
import type { TFunction } from 'i18next';

/**
 * The contract's validation texts are Spanish (the API answers with the same ones); this maps
 * each to its key in the card's namespace so the form speaks the page's language.
 */
const KEYS: Record<string, string> = {
  [VALIDATION_MESSAGES.required]: 'validation.required',
  [VALIDATION_MESSAGES.emailFormat]: 'validation.emailFormat',
  [USER_MESSAGES.documentMax]: 'validation.documentMax',
  [USER_MESSAGES.documentNumeric]: 'validation.documentNumeric',
  [USER_MESSAGES.documentAlphanumeric]: 'validation.documentAlphanumeric',
  [USER_MESSAGES.lettersOnly]: 'validation.lettersOnly',
  [USER_MESSAGES.userNameChars]: 'validation.userNameChars',
  [USER_MESSAGES.emailChars]: 'validation.emailChars',
  [USER_MESSAGES.phoneDigits]: 'validation.phoneDigits',
  [USER_MESSAGES.userNameInUse]: 'duplicate.userName',
  [USER_MESSAGES.emailInUse]: 'duplicate.email',
};

/** 'Debe tener máximo :max caracteres.' as a pattern capturing the number. */
const MAX_PATTERN = new RegExp(`^${VALIDATION_MESSAGES.max.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':max', '(\\d+)')}$`);

/** A validation text in the page's language; anything unknown (a server message) as given. */
export function messageText(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KEYS[message];
  if (key) return t(key);
  const max = MAX_PATTERN.exec(message);
  return max ? t('validation.max', { max: Number(max[1]) }) : message;
}
