import { documentNumberError, resetCodeError } from './certificateRules';

const NUMERIC = 'El campo debe ser numérico, mínimo 5 caracteres.';
const ALPHANUMERIC = 'El campo debe ser alfanumérico, mínimo 5 caracteres.';

describe('certificate form rules', () => {
  it('takes 5 to 15 digits for numeric types', () => {
    expect(documentNumberError({ alphanumeric: false }, '12345')).toBeNull();
    expect(documentNumberError({ alphanumeric: false }, '123456789012345')).toBeNull();
    expect(documentNumberError({ alphanumeric: false }, '1234')).toBe(NUMERIC);
    expect(documentNumberError({ alphanumeric: false }, '1234567890123456')).toBe(NUMERIC);
    expect(documentNumberError({ alphanumeric: false }, '12a45')).toBe(NUMERIC);
    expect(documentNumberError(undefined, '12a45')).toBe(NUMERIC);
    expect(documentNumberError({ alphanumeric: false }, '')).toBe('Campo obligatorio');
  });

  it('takes 5 to 15 letters and digits for alphanumeric types (PA)', () => {
    expect(documentNumberError({ alphanumeric: true }, 'AB123')).toBeNull();
    expect(documentNumberError({ alphanumeric: true }, 'AB12')).toBe(ALPHANUMERIC);
    expect(documentNumberError({ alphanumeric: true }, 'AB-123')).toBe(ALPHANUMERIC);
  });

  it('takes exactly 6 digits as reset code', () => {
    expect(resetCodeError('012345')).toBeNull();
    expect(resetCodeError('')).toBe('Campo obligatorio');
    for (const code of ['12345', '1234567', '12a456']) expect(resetCodeError(code)).toBe('Ingresa un código numérico de 6 caracteres.');
  });
});
