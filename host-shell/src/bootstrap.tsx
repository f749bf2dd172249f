import {
  AppProviders,
  GuardedBrowserRouter,
  applyGlobalStyleSheet,
  createSuiteSystem,
  applyProfileToDocument,
  detectLanguage,
  getPageProfile,
  i18n,
  initI18n,
  isAppearancePreview,
  listenForAppearancePreview,
  loadCatalogue,
  loadRuntimeConfig,
  validateStoredSession,
} from '@suite/shared';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { createFederationLoader, fetchRegistry } from './remotes/federation';
import { RemoteLoaderContext } from './remotes/loader';
import { pageNonce } from './nonce';
import { unregisterServiceWorkers } from './serviceWorkers';
import { shellRoutes } from './Shell';

/** The shell's routes (shellRoutes) under the guarded router: Shell decides each path. */
function ShellRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

async function start(): Promise<void> {
  void unregisterServiceWorkers();
  // the static style sheet the document preloads; the first render waits for it
  const styled = applyGlobalStyleSheet();
  // the registry, /config.json (with the page's portal profile) and the document headers, all at once
  const [registry] = await Promise.all([fetchRegistry(), loadRuntimeConfig({ version: process.env.PACKAGE_VERSION })]);
  const profile = getPageProfile();
  // bms_lang, else the profile's (tenant's) default language, with its phrase catalogue
  const language = detectLanguage(profile.defaultLanguage);
  // a catalogue that cannot be fetched leaves its phrases in Spanish, not the page blank
  await loadCatalogue(language).catch((error: unknown) => console.error(`phrases of ${language} are unavailable`, error));
  initI18n(language);
  applyProfileToDocument(profile);
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  const loader = createFederationLoader(registry, (id, error) => console.error(`remote ${id} is unavailable`, error));

  // Emotion (Chakra's styles) inserts <style> elements: they carry the page's CSP nonce
  const styles = createCache({ key: 'css', nonce: pageNonce() });

  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root element');
  // the console's appearance preview: the sign-in screen in the profile the console posts
  const preview = isAppearancePreview();
  if (preview) listenForAppearancePreview();
  const routes = shellRoutes({ preview });
  // The profile's Chakra system (tokens, CSS variables, recipes) is the costliest part of the first
  // render: built here, the render that follows is a task of its own and the page answers between.
  if (!preview) createSuiteSystem(profile);
  await Promise.all([styled, new Promise((resolve) => setTimeout(resolve, 0))]);
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={styles}>
        <AppProviders profile={preview ? undefined : profile}>
          <RemoteLoaderContext.Provider value={loader}>
            <GuardedBrowserRouter>
              <ShellRoutes routes={routes} />
            </GuardedBrowserRouter>
          </RemoteLoaderContext.Provider>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  // token validation on load: a session the API no longer accepts is cleared (→ /Login); a
  // preview leaves the console's session alone
  if (!preview) void validateStoredSession();
}

void start();
