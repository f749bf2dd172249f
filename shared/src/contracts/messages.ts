import { es } from '../phrases/es';

/** Texts the API and the client must agree on (docs/product): the phrase catalogue's Spanish `messages`. */
export const MESSAGES = es.messages;

/**
 * `result.informationCode` values the API answers with. A10/R11/R13/R14/R18/R21-R23/A20/R101 are
 * the sign-in and session outcomes (docs/product/sign-in.md, Outcomes; docs/product/sessions.md,
 * Refresh), R31-R34 the password flows' (docs/product/passwords.md);
 * R400/R401/R403/R404/R408/R429/R431/R500/R503 are the generic codes of the envelope for bad input,
 * no session, no privilege, no route, a request too slow, too many requests, headers too large,
 * failure, unavailable. docs/security/codes.md lists each with its HTTP status.
 */
export const INFORMATION_CODES = {
  success: 'A10',
  blocked: 'A20',
  /** The password was right; the application asks for a second factor before any token. */
  secondFactorRequired: 'A30',
  badCredentials: 'R11',
  temporaryLock: 'R13',
  notActivated: 'R14',
  passwordExpired: 'R18',
  applicationInactive: 'R21',
  userInactive: 'R22',
  applicationMaintenance: 'R23',
  refreshRevoked: 'R101',
  invalidLink: 'R31',
  linkExpired: 'R32',
  passwordReused: 'R33',
  userAlreadyActive: 'R34',
  badRequest: 'R400',
  unauthorized: 'R401',
  forbidden: 'R403',
  notFound: 'R404',
  /** A write made from a stale copy (the record changed since it was read). */
  conflict: 'R409',
  tooManyRequests: 'R429',
  requestTimeout: 'R408',
  headersTooLarge: 'R431',
  serverError: 'R500',
  unavailable: 'R503',
} as const;

/** Response headers on every document: the page learns its application and tenant from them. */
export const APP_NAME_HEADER = 'x-app-name';
export const TENANT_HEADER = 'x-tenant';

/** Fallback application (docs/product/portal.md, Applications and tenants). */
export const FALLBACK_APP = 'ibuhoo';

/**
 * An application's name as requests carry it (appName headers, the page's X-App-Name): what the
 * console lets a name hold — letters with Spanish accents, digits, spaces — and the `_ . -` of
 * technical names. Header values stay within ISO-8859-1, as HTTP requires.
 */
export const APP_NAME_PATTERN = /^[\w. ÁÉÍÓÚÜÑáéíóúüñ-]+$/;
