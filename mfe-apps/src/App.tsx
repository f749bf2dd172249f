import { PATHS, registerResources } from '@suite/shared';
import { Navigate, Route, Routes } from 'react-router';
import { ApplicationsPage } from './features/applications-list/ApplicationsPage';
import { NS, resources } from './i18n';

registerResources(NS, resources);

/** The applications section: /apps (the list; the form comes later). Mounted by the host; renders no providers. */
export default function App() {
  return (
    <Routes>
      <Route path={PATHS.apps}>
        <Route index element={<ApplicationsPage />} />
      </Route>
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
