import { applicationWarnings, type WarningInput } from './application-warnings';

const base: WarningInput = {
  amountTime: 30,
  timeUnit: 1,
  refreshTokenExpirationAmountTime: 1,
  refreshTokenExpirationTimeUnit: 3,
  userActivateTokenTime: 24,
  userActivateTokenTimeUnit: 2,
  assignPasswordTokenTime: 30,
  assignPasswordTokenTimeUnit: 1,
  isConcurrentSession: false,
  maxConcurrentTokens: 1,
  maxConcurrentTokensByUser: -1,
  passwordExpiration: -1,
  passwordTypeExpiration: 3,
};
const codes = (input: Partial<WarningInput>) => applicationWarnings({ ...base, ...input }).map((w) => w.code);

describe('applicationWarnings', () => {
  it('says nothing of settings that agree', () => {
    expect(codes({})).toEqual([]);
  });

  it('warns of an access token outliving the refresh token, an unlimited one included', () => {
    expect(codes({ amountTime: 25, timeUnit: 2 })).toEqual(['accessOutlivesRefresh']);
    expect(codes({ amountTime: 24, timeUnit: 2 })).toEqual([]);
    expect(codes({ amountTime: -1 })).toEqual(['accessOutlivesRefresh']);
    expect(codes({ amountTime: 25, timeUnit: 2, refreshTokenExpirationAmountTime: -1 })).toEqual([]);
  });

  it('warns of a link outliving the password, months counted short', () => {
    expect(codes({ passwordExpiration: 1, passwordTypeExpiration: 3, userActivateTokenTime: 25, userActivateTokenTimeUnit: 2 })).toEqual([
      'linkOutlivesPassword',
    ]);
    expect(codes({ passwordExpiration: 1, passwordTypeExpiration: 3 })).toEqual([]);
    expect(
      codes({ passwordExpiration: 1, passwordTypeExpiration: 4, assignPasswordTokenTime: 29, assignPasswordTokenTimeUnit: 3 }),
    ).toEqual(['linkOutlivesPassword']);
    expect(
      applicationWarnings({ ...base, passwordExpiration: 1, userActivateTokenTime: 2, userActivateTokenTimeUnit: 3 })[0].fields[0],
    ).toBe('userActivateTokenTime');
  });

  it('warns of a per-user session limit above the application limit, with both numbers', () => {
    const [warning] = applicationWarnings({ ...base, isConcurrentSession: true, maxConcurrentTokens: 2, maxConcurrentTokensByUser: 5 });
    expect(warning.code).toBe('concurrentUnreachable');
    expect(warning.message).toContain('(5)');
    expect(warning.message).toContain('(2)');
    expect(codes({ isConcurrentSession: false, maxConcurrentTokens: 2, maxConcurrentTokensByUser: 5 })).toEqual([]);
    expect(codes({ isConcurrentSession: true, maxConcurrentTokens: 5, maxConcurrentTokensByUser: 2 })).toEqual([]);
  });
});
