import { PHONE_MAX_DIGITS, PHONE_PREFIX, phoneDigits } from '@suite/shared/console';

/**
 * How the phone field of the user form shows its value (docs/product/users.md): the '(+57) ' prefix is
 * forced, only digits are kept (at most PHONE_MAX_DIGITS, the contract's limit) and one space
 * separates the area or carrier code, as the field's tooltip shows: landline '1 1234567',
 * mobile '123 1234567'. The contract (PhoneNumberSchema) reads the digits back.
 */

/** Up to this many digits the number reads as a landline ('1 1234567'), beyond it as a mobile. */
const LANDLINE_DIGITS = 8;

/** The digits of a typed or stored value, anything else dropped, cut to the contract's maximum. */
function typedDigits(value: string | number | null | undefined): string {
  return phoneDigits(value).replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * What the field shows: '(+57) ' then the digits, with a space after the first digit of a
 * landline or the third of a mobile. An empty number shows only the prefix.
 */
export function formatPhone(value: string | number | null | undefined): string {
  const digits = typedDigits(value);
  const split = digits.length > LANDLINE_DIGITS ? 3 : 1;
  const spaced = digits.length > split ? `${digits.slice(0, split)} ${digits.slice(split)}` : digits;
  return `${PHONE_PREFIX}${spaced}`;
}

/** The stored phone (0 means empty) as the field shows it. */
export function phoneFromStored(value: string | number | null | undefined): string {
  return formatPhone(/^0*$/.test(typedDigits(value)) ? '' : value);
}

/** Whether `typed` is `previous` with one stretch of characters removed (Backspace, Delete, cut). */
function isDeletionFrom(previous: string, typed: string): boolean {
  const removed = previous.length - typed.length;
  if (removed <= 0) return false;
  for (let at = 0; at <= typed.length; at++) {
    if (previous.slice(0, at) === typed.slice(0, at) && previous.slice(at + removed) === typed.slice(at)) return true;
  }
  return false;
}

/** The country code a pasted number may carry ('+57 300 1234567'). */
const COUNTRY_DIGITS = PHONE_PREFIX.replace(/\D/g, '');

/**
 * The field's next value after an edit. Typing over a selection or before the prefix keeps the
 * typed digits (a keyboard user tabbing in selects the whole value); a deletion that eats into
 * the forced prefix is undone.
 */
export function nextPhoneValue(typed: string, previous: string): string {
  const prefix = PHONE_PREFIX.trimEnd();
  const at = typed.indexOf(prefix);
  if (at >= 0) return formatPhone(`${typed.slice(0, at)}${typed.slice(at + prefix.length)}`);
  if (isDeletionFrom(previous, typed)) return formatPhone(previous);
  let digits = typed.replace(/\D/g, '');
  if (digits.length > PHONE_MAX_DIGITS && digits.startsWith(COUNTRY_DIGITS)) digits = digits.slice(COUNTRY_DIGITS.length);
  return formatPhone(digits);
}
