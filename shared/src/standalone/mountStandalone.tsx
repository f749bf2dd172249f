import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
// by the package's name, never a relative path: in a page these are the shared singleton's
// modules (one i18n, one dialog queue, one API client), not a second copy in this entry
import {
  AppProviders,
  DialogHost,
  GuardedBrowserRouter,
  applyGlobalStyleSheet,
  detectLanguage,
  initI18n,
  loadCatalogue,
  loadRuntimeConfig,
} from '@suite/shared';

/**
 * `@suite/shared/standalone`, for development only (not in the package's root): the standalone
 * page of one remote: the same providers the host renders,
 * the guarded router as the host's (the remote's <Routes> under its splat route), and the remote's App. Reads /config.json and the page's headers first.
 */
export async function mountStandalone(App: ComponentType, options: { version?: string; rootId?: string } = {}): Promise<void> {
  const styled = applyGlobalStyleSheet();
  await loadRuntimeConfig({ version: options.version });
  const language = detectLanguage();
  await loadCatalogue(language);
  initI18n(language);
  // the host's part for the console remotes: one QueryClient (loaded here only, never by @suite/shared itself)
  const [{ QueryClientProvider }, { createConsoleQueryClient }] = await Promise.all([
    import('@tanstack/react-query'),
    import('@suite/shared/console'),
  ]);
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
