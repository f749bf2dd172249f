import { formatDate, formatThousands } from './format';

describe('formatThousands (Colombian separators)', () => {
  it.each([
    ['1023456', '1.023.456'],
    ['80123456789', '80.123.456.789'],
    ['999', '999'],
    ['1000', '1.000'],
    [1234567, '1.234.567'],
  ])('%p → %p', (value, expected) => expect(formatThousands(value)).toBe(expected));

  it('leaves alphanumeric documents and empty values as they are', () => {
    expect(formatThousands('AB12345')).toBe('AB12345');
    expect(formatThousands(null)).toBe('');
    expect(formatThousands(undefined)).toBe('');
  });
});

describe('formatDate (dd/mm/yyyy)', () => {
  it('shows a date-only value as is, whatever the time zone', () => {
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
  });

  it('shows a timestamp in local time', () => {
    const local = new Date(2026, 0, 5, 23, 30);
    expect(formatDate(local)).toBe('05/01/2026');
    expect(formatDate(local.toISOString())).toBe('05/01/2026');
    expect(formatDate(local.getTime())).toBe('05/01/2026');
  });

  it('gives an empty text for empty or unreadable values', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
