import * as v from 'valibot';
import { formatPhone, nextPhoneValue, phoneFromStored } from './phone';
import { PHONE_MAX_DIGITS, PhoneNumberSchema } from '@suite/shared/console';

describe('phone field', () => {
  it("forces the '(+57) ' prefix, also on an empty field", () => {
    expect(formatPhone('')).toBe('(+57) ');
    expect(formatPhone('(+57) 3')).toBe('(+57) 3');
  });

  it('keeps digits only', () => {
    expect(formatPhone('(+57) 3a0-0')).toBe('(+57) 3 00');
  });

  it('spaces a landline after its first digit and a mobile after its third, as the tooltip shows', () => {
    expect(formatPhone('11234567')).toBe('(+57) 1 1234567');
    expect(formatPhone('1231234567')).toBe('(+57) 123 1234567');
  });

  it('re-spaces while typing (the space moves once the number is a mobile)', () => {
    expect(nextPhoneValue('(+57) 1 12345678', '(+57) 1 1234567')).toBe('(+57) 112 345678');
  });

  it('keeps what is typed over the whole value or before the prefix, and a pasted number with its country code', () => {
    expect(nextPhoneValue('3', '(+57) ')).toBe('(+57) 3');
    expect(nextPhoneValue('3(+57) ', '(+57) ')).toBe('(+57) 3');
    expect(nextPhoneValue('+57 300 1234567', '(+57) ')).toBe('(+57) 300 1234567');
  });

  it('undoes an edit that eats into the prefix', () => {
    expect(nextPhoneValue('(+573 00', '(+57) 3 00')).toBe('(+57) 3 00');
  });

  it("holds at most the contract's number of digits, and what it shows passes the contract", () => {
    const value = formatPhone('123456789012345');
    expect(value).toBe('(+57) 123 4567890');
    expect(value.replace(/\D/g, '').slice(2)).toHaveLength(PHONE_MAX_DIGITS);
    expect(v.parse(PhoneNumberSchema, value)).toBe('1234567890');
    expect(v.parse(PhoneNumberSchema, formatPhone(''))).toBe('');
  });

  it('shows a stored 0 as an empty number', () => {
    expect(phoneFromStored(0)).toBe('(+57) ');
    expect(phoneFromStored('0')).toBe('(+57) ');
    expect(phoneFromStored(null)).toBe('(+57) ');
    expect(phoneFromStored('3001234567')).toBe('(+57) 300 1234567');
  });
});
