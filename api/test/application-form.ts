/**
 * A new application's form as the console sends it to POST /api/application/create (docs/product/applications.md,
 * Fields): valid, with the form's defaults (30-minute tokens, one-day refresh, no limits). `overrides`
 * change or add fields, so each test names only what matters to it.
 */
export function newApplicationForm(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    title: 'Nómina Electrónica',
    urlApp: 'https://nomina.suite.example/',
    urlAssignPassword: 'https://nomina.suite.example/clave',
    landing: 'https://nomina.suite.example/inicio',
    description: 'Liquidación de nómina',
    typeApplication: false,
    isVisible: true,
    amountTime: 30,
    timeUnit: 1,
    refreshTokenExpirationAmountTime: 1,
    refreshTokenExpirationTimeUnit: 3,
    userActivateTokenTime: 24,
    userActivateTokenTimeUnit: 2,
    assignPasswordTokenTime: 30,
    assignPasswordTokenTimeUnit: 1,
    maxRefreshTokensByUser: 0,
    isConcurrentSession: false,
    numberPasswordChanges: -1,
    passwordExpiration: -1,
    passwordTypeExpiration: 3,
    mechanismAfterSetPass: 1,
    ...overrides,
  };
}
