import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../i18n';
import { SessionProvider } from '../session/react';
import type { SessionStore } from '../session/store';
import { createSuiteSystem } from '../theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Chakra system (createSuiteSystem(profile)); the default profile when omitted. */
  system?: SystemContext;
  /** Session store; the page's one when omitted. */
  session?: SessionStore;
}

/**
 * Chakra, i18n and session providers. Rendered by the host, and by a remote only in its
 * standalone bootstrap: a remote's `./App` renders no providers.
 */
export function AppProviders({ children, system, session }: AppProvidersProps) {
  initI18n();
  return (
    <ChakraProvider value={system ?? createSuiteSystem()}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider store={session}>{children}</SessionProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
}
