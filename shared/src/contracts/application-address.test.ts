import { applicationHostLabel } from './application-address';

describe('applicationHostLabel', () => {
  it('is the name in lower case, without accents, spaces as hyphens', () => {
    expect(applicationHostLabel('firmaya')).toBe('firmaya');
    expect(applicationHostLabel('Nómina Electrónica')).toBe('nomina-electronica');
    expect(applicationHostLabel('  Año  Uno ')).toBe('ano-uno');
    expect(applicationHostLabel('RESETOTP')).toBe('resetotp');
  });
});
