import { isFontFamilyList } from './applications-appearance';

describe('isFontFamilyList', () => {
  it.each(['Muli, Arial, sans-serif', "'Segoe UI', Roboto, sans-serif", '"Open Sans",Arial', 'system-ui'])('takes %s', (value) => {
    expect(isFontFamilyList(value)).toBe(true);
  });
  it.each(['', '"Muli, Arial', "Muli'", '"Mu"li', 'Arial;color:red', 'a,,b', 'x'.repeat(101), 'Arial\n'])('refuses %j', (value) => {
    expect(isFontFamilyList(value)).toBe(false);
  });
});
