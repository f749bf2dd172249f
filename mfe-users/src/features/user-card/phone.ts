/**
 * The phone field of the user form (console spec §5): the '(+57) ' prefix is forced, only digits
 * are kept and one space separates the area or carrier code, as the field's tooltip shows
 * (landline '1 1234567', mobile '123 1234567'). The spec's maximum of 16 characters is the
 * prefix plus the digits, so at most 10 digits fit.
 */
export const PHONE_PREFIX = '(+57) ';
export const PHONE_MAX_LENGTH = 16;
export const PHONE_MAX_DIGITS = PHONE_MAX_LENGTH - PHONE_PREFIX.length;
/** Up to this many digits the number reads as a landline ('1 1234567'), beyond it as a mobile. */
const LANDLINE_DIGITS = 8;

/** The digits the person typed, without the prefix, spaces or anything else. */
export function phoneDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (text.startsWith(PHONE_PREFIX.trimEnd())) text = text.slice(PHONE_PREFIX.trimEnd().length);
  return text.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * What the field shows for a typed value: '(+57) ' then the digits, with a space after the first
 * digit of a landline or the third of a mobile. An empty number shows only the prefix.
 */
export function formatPhone(value: string | number | null | undefined): string {
  const digits = phoneDigits(value);
  const split = digits.length > LANDLINE_DIGITS ? 3 : 1;
  const spaced = digits.length > split ? `${digits.slice(0, split)} ${digits.slice(split)}` : digits;
  return `${PHONE_PREFIX}${spaced}`;
}

/** The stored phone value (spec §3: 0 means empty) as the field shows it. */
export function phoneFromStored(value: string | number | null | undefined): string {
  const digits = phoneDigits(value);
  return formatPhone(/^0*$/.test(digits) ? '' : digits);
}
