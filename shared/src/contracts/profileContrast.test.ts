import { AA_TEXT_CONTRAST, contrastRatio, readableOn } from './profileContrast';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, symmetric, and reads #rgb', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#575756', '#575756')).toBe(1);
    expect(contrastRatio('#1d5fa8', '#fff')).toBeCloseTo(contrastRatio('#ffffff', '#1d5fa8'), 10);
    // the documented page text (#575756, docs/product/portal.md) on white: 7.2:1
    expect(contrastRatio('#575756', '#ffffff')).toBeCloseTo(7.23, 1);
  });

  it('is 1 (never readable) for what is not a hex colour', () => {
    expect(contrastRatio('red', '#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#12345')).toBe(1);
    expect(contrastRatio('#000', '')).toBeLessThan(AA_TEXT_CONTRAST);
  });
});

describe('readableOn', () => {
  it('keeps the first readable candidate, else black or white', () => {
    expect(readableOn('#ffffff', '#eeeeee', '#1d5fa8')).toBe('#1d5fa8');
    expect(readableOn('#1b1f24', '#1d5fa8', '#4f8fd1')).toBe('#4f8fd1');
    expect(readableOn('#1b1f24', '#222222')).toBe('#ffffff');
    expect(readableOn('#fafafa', '#eeeeee')).toBe('#000000');
  });
});
