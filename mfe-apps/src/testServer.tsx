import { consoleRemoteKit } from '@suite/shared/testing';
import App from './App';
import { amountTimeComb, type ApplicationAdminRecord } from '@suite/shared/console';

/** Test helpers of the applications section: the console remote kit, and applications as the API answers them. */

export { WRITTEN as written, callsTo, cleanUpDialogs, serve } from '@suite/shared/testing';
export const { renderAt } = consoleRemoteKit(App);

export const application = (id: number, name: string, overrides: Partial<ApplicationAdminRecord> = {}): ApplicationAdminRecord => ({
  id,
  name,
  title: name,
  urlApp: `https://${name.toLowerCase()}.example.com`,
  urlAssignPassword: `https://${name.toLowerCase()}.example.com/password`,
  landing: `https://${name.toLowerCase()}.example.com/home`,
  description: '',
  typeApplication: false,
  isVisible: true,
  idState: 0,
  modifiedOn: '2026-01-01T10:00:00Z',
  amountTime: 60,
  timeUnit: 1,
  amountTimeComb: amountTimeComb(60, 1),
  refreshTokenExpirationAmountTime: 1,
  refreshTokenExpirationTimeUnit: 3,
  userActivateTokenTime: 1,
  userActivateTokenTimeUnit: 3,
  assignPasswordTokenTime: 1,
  assignPasswordTokenTimeUnit: 3,
  maxRefreshTokens: -1,
  maxRefreshTokensByUser: 0,
  isConcurrentSession: false,
  maxConcurrentTokens: 1,
  maxConcurrentTokensByUser: -1,
  numberPasswordChanges: -1,
  passwordExpiration: -1,
  passwordTypeExpiration: 3,
  mechanismAfterSetPass: 1,
  captchaApply: false,
  secondFactor: 'off',
  passkeySignIn: false,
  timeZone: 'America/Bogota',
  version: '1',
  count: 0,
  rolCount: 0,
  rolCountUnique: 0,
  ...overrides,
});
