import { PATHS, registerResources } from '@suite/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MenuSettingsPage } from './features/editor/MenuSettingsPage';
import { NS, resources } from './i18n';

registerResources(NS, resources);

/** /menuSettings: the menu editor. Mounted by the host; renders no providers. */
export default function App() {
  return (
    <Routes>
      <Route path={`${PATHS.menuSettings}/*`} element={<MenuSettingsPage />} />
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
