import * as v from 'valibot';
import { PasswordSchema, ResetEmailSchema, maskEmail, maskEmailKeepStart, passwordChecklist } from './passwords';

describe('password rules', () => {
  it('reports each rule of the checklist', () => {
    expect(passwordChecklist('')).toEqual({ length: false, upper: false, lower: false, digit: false, special: false, allowedOnly: true });
    expect(passwordChecklist('Abcdef1!')).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      special: true,
      allowedOnly: true,
    });
    expect(passwordChecklist('Abc def1!').allowedOnly).toBe(false);
    expect(passwordChecklist('Abcdef1@').special).toBe(false);
    expect(passwordChecklist('Abcdef1@').allowedOnly).toBe(false);
  });

  it('accepts every special of the set and refuses the rest with the strength message', () => {
    for (const c of '!#$%&/(){}<=>?¿¡*;:,.+_-') expect(v.safeParse(PasswordSchema, `Abcdef1${c}`).success).toBe(true);
    for (const pw of ['Abcde1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abcdef1!"', 'Abcdef1! ']) {
      const result = v.safeParse(PasswordSchema, pw);
      expect(result.success).toBe(false);
      expect(result.issues?.[0].message).toBe('La contraseña no cumple con el nivel mínimo de seguridad requerida.');
    }
  });
});

describe('reset e-mail', () => {
  it('requires a valid address with a 2–4 letter top-level domain, max 100', () => {
    expect(v.safeParse(ResetEmailSchema, '').issues?.[0].message).toBe('El Campo email es obligatorio');
    expect(v.safeParse(ResetEmailSchema, 'a@b.co').success).toBe(true);
    expect(v.safeParse(ResetEmailSchema, 'a@b.info').success).toBe(true);
    expect(v.safeParse(ResetEmailSchema, 'a@b.museum').issues?.[0].message).toBe(
      'El formato de email ingresado no es válido. Inténtalo de nuevo.',
    );
    expect(v.safeParse(ResetEmailSchema, `${'a'.repeat(95)}@b.com`).success).toBe(false);
  });

  it('masks addresses as the screens show them', () => {
    expect(maskEmail('juan.perez@example.com')).toBe('***rez@example.com');
    expect(maskEmailKeepStart('juan.perez@example.com')).toBe('jua*******@example.com');
  });
});
