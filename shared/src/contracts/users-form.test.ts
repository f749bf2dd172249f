import * as v from 'valibot';
import {
  CreateUserRequestSchema,
  InactivateUserRequestSchema,
  ModifyUserRequestSchema,
  USER_MESSAGES,
  UserExistsRequestSchema,
  documentSchema,
  phoneDigits,
} from './users-form';
import { VALIDATION_MESSAGES, formatMessage, maxMessage } from './validation';

const company = '8c0f8b7e-1d2a-4f5b-9c3d-2e1f0a9b8c7d';
const valid = {
  names: 'Ana María',
  surnames: 'Núñez Peña',
  userName: 'ana.nunez_1@x',
  email: 'ana.nunez+1@empresa.test',
  document: '1020304050',
  phoneNumber: '(+57) 300 1234567',
  idTypeUser: 2,
  countryCode: 'CO',
  documentType: 'CC',
  customer: [{ id: company, principal: true, assigned: false }],
  roles: [{ name: 'Administrador', application: 'ibuhoo', assigned: true }],
};
const firstMessage = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0].message;

describe('generic validation messages', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage(VALIDATION_MESSAGES.min, { min: 3 })).toBe('Debe tener al menos 3 caracteres.');
    expect(maxMessage(100)).toBe('Debe tener máximo 100 caracteres.');
    expect(formatMessage(VALIDATION_MESSAGES.numeric, { min: 1 })).toBe(':attribute debe ser un número.');
  });
});

describe('user form rules', () => {
  it('accepts a valid user and normalises the phone to its digits', () => {
    const parsed = v.parse(CreateUserRequestSchema, valid);
    expect(parsed.phoneNumber).toBe('3001234567');
    for (const empty of [0, '0', '', null, undefined])
      expect(v.parse(CreateUserRequestSchema, { ...valid, phoneNumber: empty }).phoneNumber).toBe('');
  });

  it.each([
    ['names', '', VALIDATION_MESSAGES.required],
    ['names', 'Ana 2', USER_MESSAGES.lettersOnly],
    ['surnames', 'x'.repeat(101), 'Debe tener máximo 100 caracteres.'],
    ['userName', 'ana nunez', USER_MESSAGES.userNameChars],
    ['email', 'ana#x@x.test', USER_MESSAGES.emailChars],
    ['email', 'ana@x', VALIDATION_MESSAGES.emailFormat],
    ['document', '12345678901234', USER_MESSAGES.documentMax],
    ['phoneNumber', '(+57) 300 12345678', 'Debe tener máximo 10 caracteres.'],
    ['phoneNumber', '300-123', USER_MESSAGES.phoneDigits],
    ['idTypeUser', 0, VALIDATION_MESSAGES.required],
    ['countryCode', ' ', VALIDATION_MESSAGES.required],
  ])('refuses %s = %p with %p', (field, value, message) => {
    expect(firstMessage(CreateUserRequestSchema, { ...valid, [field]: value })).toBe(message);
  });

  it('applies the numeric or alphanumeric document rule by type', () => {
    expect(firstMessage(documentSchema(false), 'AB12')).toBe(USER_MESSAGES.documentNumeric);
    expect(v.safeParse(documentSchema(false), '1234567890123').success).toBe(true);
    expect(v.safeParse(documentSchema(true), 'AB12').success).toBe(true);
    expect(firstMessage(documentSchema(true), 'AB-12')).toBe(USER_MESSAGES.documentAlphanumeric);
    expect(firstMessage(documentSchema(true), '')).toBe(VALIDATION_MESSAGES.required);
  });

  it('requires exactly one main company and at least one assigned role', () => {
    expect(firstMessage(CreateUserRequestSchema, { ...valid, customer: [] })).toBe(USER_MESSAGES.mainCompanyRequired);
    expect(firstMessage(CreateUserRequestSchema, { ...valid, customer: [{ id: company, principal: false, assigned: true }] })).toBe(
      USER_MESSAGES.mainCompanyRequired,
    );
    const two = [
      { id: company, principal: true, assigned: false },
      { id: '9c0f8b7e-1d2a-4f5b-9c3d-2e1f0a9b8c7d', principal: true, assigned: false },
    ];
    expect(firstMessage(CreateUserRequestSchema, { ...valid, customer: two })).toBe(USER_MESSAGES.oneMainCompany);
    expect(firstMessage(CreateUserRequestSchema, { ...valid, roles: [] })).toBe(USER_MESSAGES.roleRequired);
    expect(firstMessage(CreateUserRequestSchema, { ...valid, roles: [{ ...valid.roles[0], assigned: false }] })).toBe(
      USER_MESSAGES.roleRequired,
    );
  });

  it('lets modify leave companies and roles out, but checks them when sent', () => {
    const { customer, roles, ...data } = valid;
    const id = '1c0f8b7e-1d2a-4f5b-9c3d-2e1f0a9b8c7d';
    expect(v.safeParse(ModifyUserRequestSchema, { id, ...data }).success).toBe(true);
    expect(firstMessage(ModifyUserRequestSchema, { id, ...data, roles: [] })).toBe(USER_MESSAGES.roleRequired);
    expect(v.safeParse(ModifyUserRequestSchema, { id, ...data, customer, roles }).success).toBe(true);
    expect(v.safeParse(ModifyUserRequestSchema, data).success).toBe(false);
  });

  it('takes 1 or 2 as the requested state and exactly one of userName / email for the duplicate check', () => {
    const id = '1c0f8b7e-1d2a-4f5b-9c3d-2e1f0a9b8c7d';
    expect(v.safeParse(InactivateUserRequestSchema, { id, idstate: 2 }).success).toBe(true);
    expect(v.safeParse(InactivateUserRequestSchema, { id, idstate: 6 }).success).toBe(false);
    expect(v.safeParse(UserExistsRequestSchema, { userName: 'ana' }).success).toBe(true);
    expect(v.safeParse(UserExistsRequestSchema, { userName: 'ana', email: 'a@b.co' }).success).toBe(false);
    expect(v.safeParse(UserExistsRequestSchema, {}).success).toBe(false);
  });

  it('reads the digits of a phone as typed', () => {
    expect(phoneDigits('(+57) 1 1234567')).toBe('11234567');
    expect(phoneDigits(3001234567)).toBe('3001234567');
    expect(phoneDigits(null)).toBe('');
  });
});
