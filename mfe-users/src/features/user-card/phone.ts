import { PHONE_MAX_DIGITS, PHONE_PREFIX, phoneDigits } from '@suite/shared';

/**
 * How the phone field of the user form shows its value (console spec §5): the '(+57) ' prefix is
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

/** The stored phone (spec §3: 0 means empty) as the field shows it. */
export function phoneFromStored(value: string | number | null | undefined): string {
  return formatPhone(/^0*$/.test(typedDigits(value)) ? '' : value);
}

/**
 * The field's next value after an edit: an edit that eats into the forced prefix is undone
 * (the previous value stays), anything else is re-formatted.
 */
export function nextPhoneValue(typed: string, previous: string): string {
  return typed.startsWith(PHONE_PREFIX.trimEnd()) ? formatPhone(typed) : formatPhone(previous);
}
