import { contrastRatio, readableOn } from './contrast';

describe('contrast', () => {
  it('measures the WCAG ratio of two colours', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#575756', '#ffffff')).toBeGreaterThan(7);
    expect(contrastRatio('red', '#ffffff')).toBe(1);
  });

  it('keeps the first readable candidate, else black or white', () => {
    expect(readableOn('#ffffff', '#eeeeee', '#1d5fa8')).toBe('#1d5fa8');
    expect(readableOn('#1b1f24', '#1d5fa8', '#4f8fd1')).toBe('#4f8fd1');
    expect(readableOn('#1b1f24', '#222222')).toBe('#ffffff');
    expect(readableOn('#fafafa', '#eeeeee')).toBe('#000000');
  });
});
