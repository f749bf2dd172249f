import { PAPE_MULTI_FACTOR, providerUsedSecondFactor } from './assurance';

describe("an identity provider's word on a second factor", () => {
  it.each([
    [{ amr: ['mfa'] }, true],
    [{ amr: ['pwd', 'otp'] }, true],
    [{ amr: ['pin', 'hwk'] }, true],
    [{ amr: ['pwd'] }, false],
    [{ amr: ['otp'] }, false],
    [{ amr: 'mfa' }, false],
    [{ amr: [1, 'pwd'] }, false],
    [{ acr: PAPE_MULTI_FACTOR }, true],
    [{ acr: '1' }, false],
    [{}, false],
  ])('%p → %p', (claims, expected) => {
    expect(providerUsedSecondFactor(claims, [PAPE_MULTI_FACTOR])).toBe(expected);
  });

  it("takes the acr values the provider's configuration names", () => {
    expect(providerUsedSecondFactor({ acr: '2' }, ['2'])).toBe(true);
    expect(providerUsedSecondFactor({ acr: PAPE_MULTI_FACTOR }, ['2'])).toBe(false);
  });
});
