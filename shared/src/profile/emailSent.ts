import type { EmailSentRouteName, PortalProfile } from '../contracts/profiles';
import { getPageProfile } from './store';

/** The route that confirms an e-mail was sent: '/check-email' or '/alert'. */
export type EmailSentRoute = EmailSentRouteName;

/**
 * The one place that decides which screen confirms a sent e-mail (docs/product/portal.md, The
 * portal profile): the portal profile's `emailSentRoute` — the page's profile unless one is given.
 * Data, not a list of names: the seed gives /check-email to myselfcert, letmicert and bemyself and
 * /alert to the others.
 */
export function emailSentRoute(profile: Pick<PortalProfile, 'emailSentRoute'> = getPageProfile()): EmailSentRoute {
  return profile.emailSentRoute;
}
