import { getRuntimeConfig } from '../runtime-config';

/** Applications whose e-mail-sent screen is /check-email when their profile does not say (portal spec §2). */
export const CHECK_EMAIL_APPS: readonly string[] = ['myselfcert', 'letmicert', 'bemyself'];

/** The route that confirms an e-mail was sent: '/check-email' or '/alert'. */
export type EmailSentRoute = '/check-email' | '/alert';

/** The part of an application's profile that chooses the e-mail-sent screen. */
export interface EmailSentProfile {
  /** 'check-email' or 'alert'; the spec's default per application when absent. */
  emailSentScreen?: string;
}

/**
 * The one place that decides which screen confirms a sent e-mail: the application's profile
 * field `emailSentScreen` when present, otherwise /check-email for myselfcert, letmicert and
 * bemyself and /alert for every other application.
 */
export function emailSentRoute(profile: EmailSentProfile = {}, appName: string = getRuntimeConfig().appName): EmailSentRoute {
  const chosen = profile.emailSentScreen?.trim().toLowerCase().replace(/^\//, '');
  if (chosen === 'check-email') return '/check-email';
  if (chosen === 'alert') return '/alert';
  return CHECK_EMAIL_APPS.includes(appName.trim().toLowerCase()) ? '/check-email' : '/alert';
}
