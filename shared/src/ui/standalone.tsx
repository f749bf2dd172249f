import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router';
import { GuardedBrowserRouter } from '../navigation';
import { detectLanguage, initI18n } from '../i18n';
import { loadCatalogue } from '../phrases/load';
import { loadRuntimeConfig } from '../runtime-config';
import { applyGlobalStyleSheet } from '../theme';
import { AppProviders } from './AppProviders';
import { DialogHost } from './dialogs';

/**
 * Standalone page of one remote for local development: the same providers the host renders,
 * the guarded router as the host's (the remote's <Routes> under its splat route), and the remote's App. Reads /config.json and the page's headers first.
 */
export async function mountStandalone(App: ComponentType, options: { version?: string; rootId?: string } = {}): Promise<void> {
  const styled = applyGlobalStyleSheet();
  await loadRuntimeConfig({ version: options.version });
  const language = detectLanguage();
  await loadCatalogue(language);
  initI18n(language);
  // the host's part for the console remotes: one QueryClient (loaded here only, never by @suite/shared itself)
  const [{ QueryClientProvider }, { createConsoleQueryClient }] = await Promise.all([import('@tanstack/react-query'), import('../console/query/client')]);
  const queryClient = createConsoleQueryClient();
  const element = document.getElementById(options.rootId ?? 'root');
  if (!element) throw new Error('missing #root element');
  await styled;
  createRoot(element).render(
    <StrictMode>
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <GuardedBrowserRouter>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    <App />
                    <DialogHost />
                  </>
                }
              />
            </Routes>
          </GuardedBrowserRouter>
        </QueryClientProvider>
      </AppProviders>
    </StrictMode>,
  );
}
