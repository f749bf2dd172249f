import { PHONE_MAX_LENGTH, PHONE_PREFIX, formatPhone, phoneDigits, phoneFromStored } from './phone';

describe('phone field', () => {
  it("forces the '(+57) ' prefix, also on an empty field", () => {
    expect(formatPhone('')).toBe('(+57) ');
    expect(formatPhone('3')).toBe('(+57) 3');
  });

  it('keeps digits only', () => {
    expect(formatPhone('(+57) 3a0-0')).toBe('(+57) 3 00');
    expect(phoneDigits('(+57) 300 123 4567')).toBe('3001234567');
  });

  it('spaces a landline after its first digit and a mobile after its third, as the tooltip shows', () => {
    expect(formatPhone('11234567')).toBe('(+57) 1 1234567');
    expect(formatPhone('1231234567')).toBe('(+57) 123 1234567');
  });

  it('re-spaces while typing (the space moves as the number becomes a mobile)', () => {
    expect(formatPhone('(+57) 1 12345678')).toBe('(+57) 112 345678');
  });

  it('holds at most 16 characters of prefix and digits', () => {
    const value = formatPhone('123456789012345');
    expect(phoneDigits(value)).toBe('1234567890');
    expect(PHONE_PREFIX.length + phoneDigits(value).length).toBe(PHONE_MAX_LENGTH);
  });

  it('shows a stored 0 as an empty number (spec §3)', () => {
    expect(phoneFromStored(0)).toBe('(+57) ');
    expect(phoneFromStored('0')).toBe('(+57) ');
    expect(phoneFromStored(null)).toBe('(+57) ');
    expect(phoneFromStored('3001234567')).toBe('(+57) 300 1234567');
  });
});
