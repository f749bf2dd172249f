import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { PortalProfile } from '../contracts/profiles';
import { i18n, initI18n } from '../i18n';
import { ProfileProvider, usePageProfile } from '../profile';
import { SessionProvider } from '../session/react';
import type { SessionStore } from '../session/store';
import { createSuiteSystem } from '../theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Portal profile of the page; the one loaded at start (getPageProfile) when omitted. */
  profile?: PortalProfile;
  /** Chakra system; the profile's (createSuiteSystem) when omitted. */
  system?: SystemContext;
  /** Session store; the page's one when omitted. */
  session?: SessionStore;
}

/**
 * Profile, Chakra, i18n and session providers. Rendered by the host, and by a remote only in its
 * standalone bootstrap: a remote's `./App` renders no providers.
 */
export function AppProviders({ children, profile, system, session }: AppProvidersProps) {
  initI18n();
  const pageProfile = usePageProfile();
  const active = profile ?? pageProfile;
  return (
    <ProfileProvider profile={active}>
      <ChakraProvider value={system ?? createSuiteSystem(active)}>
        <I18nextProvider i18n={i18n}>
          <SessionProvider store={session}>{children}</SessionProvider>
        </I18nextProvider>
      </ChakraProvider>
    </ProfileProvider>
  );
}
