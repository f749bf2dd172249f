import { callbackParameters } from './callbackParameters';

describe('callbackParameters', () => {
  it('reads the code, the state and the issuer the provider sent back', () => {
    expect(callbackParameters('?code=abc&state=xyz&iss=http%3A%2F%2F127.0.0.1%3A8081')).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'http://127.0.0.1:8081',
    });
    expect(callbackParameters('?state=xyz&code=abc')).toEqual({ code: 'abc', state: 'xyz' });
  });

  it('has nothing to exchange without a code or a state, or after a refusal at the provider', () => {
    expect(callbackParameters('')).toBeNull();
    expect(callbackParameters('?state=xyz')).toBeNull();
    expect(callbackParameters('?code=abc')).toBeNull();
    expect(callbackParameters('?code=%20&state=xyz')).toBeNull();
    expect(callbackParameters('?error=access_denied&state=xyz')).toBeNull();
  });
});
