import { LoadingState, PATHS, registerResources } from '@suite/shared';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ApplicationsPage } from './features/applications-list/ApplicationsPage';
import { APPEARANCE_NS, appearanceResources } from './features/application-appearance/i18n';
import { INTEGRATION_NS, integrationResources } from './features/application-integration/i18n';
import { NS, resources } from './i18n';

registerResources(NS, resources);
registerResources(APPEARANCE_NS, appearanceResources);
registerResources(INTEGRATION_NS, integrationResources);

// the form is its own chunk: the list does not wait for it
const ApplicationCardRoute = lazy(() =>
  import('./features/application-card').then(({ ApplicationCardRoute: Card }) => ({ default: Card })),
);

/** The applications section: /apps (the list), /apps/new and /apps/:appId (the form). Mounted by the host; renders no providers. */
export default function App() {
  const card = (
    <Suspense fallback={<LoadingState />}>
      <ApplicationCardRoute />
    </Suspense>
  );
  return (
    <Routes>
      <Route path={PATHS.apps}>
        <Route index element={<ApplicationsPage />} />
        <Route path="new" element={card} />
        <Route path=":appId" element={card} />
      </Route>
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
