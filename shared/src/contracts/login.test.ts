import { signInFieldErrors, signInFieldsOutput } from './login';
import { MESSAGES } from './messages';

describe('sign-in fields (contracts/login.ts)', () => {
  it('asks for both fields with the contract message', () => {
    expect(signInFieldErrors({ user: '', password: '' })).toEqual({ user: MESSAGES.required, password: MESSAGES.required });
    expect(signInFieldErrors({ user: '   ', password: 'x' })).toEqual({ user: MESSAGES.required });
    expect(signInFieldErrors({ user: 'admin', password: 'x' })).toEqual({});
  });

  it('holds the API limits: user up to 100 characters, password up to 1024', () => {
    expect(signInFieldErrors({ user: 'a'.repeat(101), password: 'x' }).user).toBeDefined();
    expect(signInFieldErrors({ user: 'a'.repeat(100), password: 'p'.repeat(1025) }).password).toBeDefined();
    expect(signInFieldErrors({ user: 'a'.repeat(100), password: 'p'.repeat(1024) })).toEqual({});
  });

  it('sends the trimmed user and the password as typed, nothing when invalid', () => {
    expect(signInFieldsOutput({ user: '  admin ', password: ' secret ' })).toEqual({ user: 'admin', password: ' secret ' });
    expect(signInFieldsOutput({ user: 'admin', password: '' })).toBeNull();
  });
});
