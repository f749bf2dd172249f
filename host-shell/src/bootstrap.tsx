import { AppProviders, createSuiteSystem, detectLanguage, i18n, initI18n, loadRuntimeConfig, validateStoredSession, COMMON_NS } from '@suite/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createFederationLoader, fetchRegistry } from './remotes/federation';
import { RemoteLoaderContext } from './remotes/loader';
import { Shell } from './Shell';

/** The portal does not use service workers; drop any left by earlier deployments. */
async function unregisterServiceWorkers(): Promise<void> {
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    /* not supported or not allowed: nothing to drop */
  }
}

async function start(): Promise<void> {
  void unregisterServiceWorkers();
  const [registry, config] = await Promise.all([fetchRegistry(), loadRuntimeConfig({ version: process.env.PACKAGE_VERSION })]);
  initI18n(detectLanguage());
  document.title = i18n.t('appTitle', { ns: COMMON_NS });
  document.documentElement.lang = i18n.language;
  const loader = createFederationLoader(registry, (id, error) => console.error(`remote ${id} is unavailable`, error));

  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders system={createSuiteSystem({ key: config.appName })}>
        <RemoteLoaderContext.Provider value={loader}>
          <BrowserRouter>
            <Shell />
          </BrowserRouter>
        </RemoteLoaderContext.Provider>
      </AppProviders>
    </StrictMode>,
  );
  // token validation on load: a session the API no longer accepts is cleared (→ /Login)
  void validateStoredSession();
}

void start();
