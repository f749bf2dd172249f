import { es } from '../phrases/es';
import { PASSWORD_EXPIRATION_TYPE } from './applications-admin';
import { durationSeconds } from './login';
import { formatMessage } from './validation';

/**
 * Settings that are each valid but contradict one another (as Keycloak warns of some). The form
 * shows them beside the fields and still lets the administrator save: they are advice, not rules.
 */

export const APPLICATION_WARNING_MESSAGES = es.applicationWarnings;

export interface ApplicationWarning {
  code: 'accessOutlivesRefresh' | 'linkOutlivesPassword' | 'concurrentUnreachable';
  /** The fields involved, the first one where the form shows the warning. */
  fields: string[];
  message: string;
}

/** The fields the warnings read (a form's values or an application record). */
export interface WarningInput {
  amountTime: number;
  timeUnit: number;
  refreshTokenExpirationAmountTime: number;
  refreshTokenExpirationTimeUnit: number;
  userActivateTokenTime: number;
  userActivateTokenTimeUnit: number;
  assignPasswordTokenTime: number;
  assignPasswordTokenTimeUnit: number;
  isConcurrentSession: boolean;
  maxConcurrentTokens: number;
  maxConcurrentTokensByUser: number;
  passwordExpiration: number;
  passwordTypeExpiration: number;
}

/** The shortest a password may live: months counted as 28 days, so a warning is never missed. */
function passwordLifetimeSeconds(input: WarningInput): number | undefined {
  if (!(input.passwordExpiration >= 1)) return undefined;
  if (input.passwordTypeExpiration === PASSWORD_EXPIRATION_TYPE.days) return input.passwordExpiration * 86_400;
  if (input.passwordTypeExpiration === PASSWORD_EXPIRATION_TYPE.months) return input.passwordExpiration * 28 * 86_400;
  return undefined;
}

const limited = (amount: number, unit: number) => (amount >= 1 && [1, 2, 3].includes(unit) ? durationSeconds(amount, unit) : undefined);

export function applicationWarnings(input: WarningInput): ApplicationWarning[] {
  const warnings: ApplicationWarning[] = [];
  const access = limited(input.amountTime, input.timeUnit);
  const refresh = limited(input.refreshTokenExpirationAmountTime, input.refreshTokenExpirationTimeUnit);
  // -1 is "no limit": an unlimited access token outlives any limited refresh token
  if (refresh !== undefined && (input.amountTime === -1 || (access !== undefined && access > refresh))) {
    warnings.push({
      code: 'accessOutlivesRefresh',
      fields: ['amountTime', 'refreshTokenExpirationAmountTime'],
      message: APPLICATION_WARNING_MESSAGES.accessOutlivesRefresh,
    });
  }
  const password = passwordLifetimeSeconds(input);
  if (password !== undefined) {
    const links: [string, number | undefined][] = [
      ['userActivateTokenTime', limited(input.userActivateTokenTime, input.userActivateTokenTimeUnit)],
      ['assignPasswordTokenTime', limited(input.assignPasswordTokenTime, input.assignPasswordTokenTimeUnit)],
    ];
    for (const [field, seconds] of links) {
      if (seconds !== undefined && seconds > password) {
        warnings.push({
          code: 'linkOutlivesPassword',
          fields: [field, 'passwordExpiration'],
          message: APPLICATION_WARNING_MESSAGES.linkOutlivesPassword,
        });
      }
    }
  }
  if (
    input.isConcurrentSession &&
    input.maxConcurrentTokensByUser >= 1 &&
    input.maxConcurrentTokens >= 1 &&
    input.maxConcurrentTokensByUser > input.maxConcurrentTokens
  ) {
    warnings.push({
      code: 'concurrentUnreachable',
      fields: ['maxConcurrentTokensByUser', 'maxConcurrentTokens'],
      message: formatMessage(APPLICATION_WARNING_MESSAGES.concurrentUnreachable, {
        byUser: input.maxConcurrentTokensByUser,
        total: input.maxConcurrentTokens,
      }),
    });
  }
  return warnings;
}
