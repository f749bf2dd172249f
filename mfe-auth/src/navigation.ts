import { PATHS, type AssignPasswordApp, type SecondFactorStep, type UserAccountEntry } from '@suite/shared';

/**
 * What one screen hands another through the router's navigation state. The screens live in
 * separate feature folders and do not import each other; both ends of a hand-over use these.
 */

/** Where the alert screen sends the person after accepting (navigation state of /alert). */
export interface AlertState {
  message: string;
  page?: string;
  /** Message type passed on to `page` (e.g. PASSWORD_EXPIRED for the change-password form). */
  messageType?: string;
  /** The user name passed on to `page`. */
  user?: string;
  /** Seconds after which the alert goes to `page` by itself (password created/updated). */
  redirectSeconds?: number;
}

/** Navigation state of the sign-in screen after a sign-out: the message it shows. */
export interface SignedOutState {
  message: string;
}

/** Message type the sign-in's R18 alert passes on to /changepassword (expired password). */
export const PASSWORD_EXPIRED = 'PASSWORD_EXPIRED';

/** Navigation state of /changepassword when it is reached from the expired-password alert. */
export interface ExpiredPasswordState {
  messageType: typeof PASSWORD_EXPIRED;
  user?: string;
}

/** Navigation state of /verify: the sign-in's second step (kept out of the address: the challenge is a secret). */
export interface SecondFactorState {
  step: SecondFactorStep;
}

/** Navigation state of /selectaccounts. */
export interface SelectAccountsState {
  email: string;
  users: UserAccountEntry[];
}

/** Navigation state of /check-email. */
export interface CheckEmailState {
  maskedEmail: string;
  /** The account the reset was sent for (the resend button sends it again). */
  user: string;
  /** '/Alert' when the alert flow sent the person here: the generic alert shows instead. */
  from?: string;
  message?: string;
}

/** Whether /check-email was reached from the alert flow (its state's `from` is /Alert in any case). */
export function sentFromAlert(state: unknown): boolean {
  const from = (state as Partial<CheckEmailState> | null)?.from;
  return typeof from === 'string' && from.toLowerCase() === PATHS.alert.toLowerCase();
}

/** Message types of /resendemail: a link that cannot be used, or an activation whose time ran out (docs/product/passwords.md, Links). */
export const INVALID_LINK = 'INVALID_LINK';
export const ACTIVATION_TIME_EXPIRED = 'ACTIVATION_TIME_EXPIRED';

/** Navigation state of /resendemail. */
export interface ResendEmailState {
  messageType?: typeof INVALID_LINK | typeof ACTIVATION_TIME_EXPIRED | string;
  message?: string;
  email?: string;
  user: string;
}

/** Navigation state of /availableapps: message, apps and the user's data. */
export interface AvailableAppsState {
  message?: string;
  apps: AssignPasswordApp[];
  mechanismAfterSetPass?: number;
  userData?: { appName?: string; user: string; password: string };
}
