import { application } from '../../testServer';
import {
  EMPTY_FORM,
  TABS,
  TAB_FIELDS,
  canDecrement,
  decrement,
  firstInvalidTab,
  formErrors,
  formToBody,
  tabWarnings,
  increment,
  recordToForm,
  tabChanged,
  tabErrors,
  typedNumber,
  withFields,
  type ApplicationForm,
} from './applicationForm';
import { APPLICATION_MESSAGES, VALIDATION_MESSAGES } from '@suite/shared/console';

const stored = application(7, 'nomina', { title: 'Nómina', amountTime: 8, timeUnit: 2, description: 'Pagos' });
const valid: ApplicationForm = recordToForm(stored);

describe('the application form', () => {
  it('holds every field of the request once, in one tab each', () => {
    const fields = TABS.flatMap((tab) => TAB_FIELDS[tab]);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(EMPTY_FORM).sort());
  });

  it('holds the stored application with numbers as text, and sends them back as numbers', () => {
    expect(valid).toMatchObject({ name: 'nomina', title: 'Nómina', amountTime: '8', timeUnit: 2, maxRefreshTokens: '-1', isVisible: true });
    const body = formToBody(valid);
    expect(body).toMatchObject({ amountTime: 8, timeUnit: 2, maxRefreshTokens: -1, passwordExpiration: -1 });
    expect(body).not.toHaveProperty('id');
    expect(formToBody({ ...valid, amountTime: '-' }).amountTime).toBeNaN();
  });

  it('finds no error in a stored application', () => {
    expect(formErrors(valid)).toEqual({});
    expect(firstInvalidTab(valid)).toBeUndefined();
  });

  it('a new application: each tab is checked on its own, empty numbers and unchosen units are required', () => {
    expect(tabErrors(EMPTY_FORM, 'basic')).toEqual({
      name: VALIDATION_MESSAGES.required,
      title: VALIDATION_MESSAGES.required,
      urlApp: VALIDATION_MESSAGES.required,
      urlAssignPassword: VALIDATION_MESSAGES.required,
      landing: VALIDATION_MESSAGES.required,
    });
    const token = tabErrors(EMPTY_FORM, 'token');
    expect(token).toMatchObject({
      amountTime: VALIDATION_MESSAGES.required,
      timeUnit: VALIDATION_MESSAGES.required,
      maxRefreshTokensByUser: VALIDATION_MESSAGES.required,
    });
    // the documented defaults are valid
    expect(token).not.toHaveProperty('maxRefreshTokens');
    expect(token).not.toHaveProperty('maxConcurrentTokens');
    expect(tabErrors(EMPTY_FORM, 'configuration')).toEqual({ mechanismAfterSetPass: VALIDATION_MESSAGES.required });
    expect(firstInvalidTab(withFields(EMPTY_FORM, valid, TAB_FIELDS.basic))).toBe('token');
  });

  it("applies the contract's rules: title length, URLs, zero, the unit's cap, ranges", () => {
    expect(tabErrors({ ...valid, title: 'N', urlApp: 'nomina' }, 'basic')).toEqual({
      title: APPLICATION_MESSAGES.titleMin,
      urlApp: APPLICATION_MESSAGES.urlInvalid,
    });
    const token = withFields(EMPTY_FORM, { ...valid, refreshTokenExpirationAmountTime: '0', maxConcurrentTokens: '256' }, TAB_FIELDS.token);
    expect(tabErrors(token, 'token')).toEqual({
      refreshTokenExpirationAmountTime: APPLICATION_MESSAGES.notZero,
      maxConcurrentTokens: APPLICATION_MESSAGES.concurrentRange,
    });
    // 8761 hours is over the cap of 8760, even while the other tabs are still empty
    expect(tabErrors(withFields(EMPTY_FORM, { ...valid, amountTime: '8761' }, TAB_FIELDS.token), 'token')).toEqual({
      amountTime: 'El valor máximo es 8760.',
    });
    expect(tabErrors({ ...valid, amountTime: '8760' }, 'token')).toEqual({});
    expect(tabErrors({ ...valid, numberPasswordChanges: '-2', passwordExpiration: '0' }, 'password')).toEqual({
      numberPasswordChanges: APPLICATION_MESSAGES.fromMinusOne,
      passwordExpiration: APPLICATION_MESSAGES.notZero,
    });
  });

  it('tells which tab changed, ignoring spaces around text', () => {
    expect(tabChanged({ ...valid, title: ' Nómina ' }, valid, 'basic')).toBe(false);
    const changed = { ...valid, amountTime: '9' };
    expect(TABS.filter((tab) => tabChanged(changed, valid, tab))).toEqual(['token']);
    expect(withFields(valid, changed, TAB_FIELDS.basic)).toEqual(valid);
    expect(withFields(valid, changed, TAB_FIELDS.token)).toEqual(changed);
  });

  it('keeps digits only, a leading minus where -1 is allowed, up to the length', () => {
    expect(typedNumber('amountTime', '-12a3')).toBe('-123');
    expect(typedNumber('userActivateTokenTime', '-5')).toBe('5');
    expect(typedNumber('amountTime', '12345678')).toBe('123456');
    expect(typedNumber('passwordExpiration', '123456789012')).toBe('1234567890');
    expect(typedNumber('maxConcurrentTokens', '1000')).toBe('100');
  });

  it('arrows step by one; down never under 1', () => {
    expect(increment('amountTime', '')).toBe('1');
    expect(increment('amountTime', '-1')).toBe('1');
    expect(increment('amountTime', '59')).toBe('60');
    expect(increment('amountTime', '999999')).toBe('999999');
    expect(decrement('60')).toBe('59');
    expect(decrement('2')).toBe('1');
    expect(decrement('1')).toBe('1');
    expect(decrement('-1')).toBe('-1');
    expect(canDecrement('2')).toBe(true);
    expect(canDecrement('1')).toBe(false);
    expect(canDecrement('')).toBe(false);
  });
});

describe('tabWarnings', () => {
  const base = recordToForm(application(3, 'nomina'));
  it('gives each tab the cross-field warnings naming one of its fields', () => {
    const longLink = {
      ...base,
      userActivateTokenTime: '3',
      userActivateTokenTimeUnit: 3,
      passwordExpiration: '1',
      passwordTypeExpiration: 3,
    } as typeof base;
    expect(tabWarnings(longLink, 'token').map((w) => w.code)).toEqual(['linkOutlivesPassword']);
    expect(tabWarnings(longLink, 'password').map((w) => w.code)).toEqual(['linkOutlivesPassword']);
    expect(tabWarnings(longLink, 'basic')).toEqual([]);
    expect(tabWarnings(base, 'token')).toEqual([]);
  });
});
