import { PATHS, ScreenPlaceholder, registerResources } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NS, resources } from './i18n';

registerResources(NS, resources);

/** /roles, /privileges: placeholders until the screens are built. Mounted by the host; renders no providers. */
export default function App() {
  const { t } = useTranslation(NS);
  return (
    <Routes>
      <Route path={`${PATHS.roles}/*`} element={<ScreenPlaceholder title={t('roles')} route={PATHS.roles} />} />
      <Route path={`${PATHS.privileges}/*`} element={<ScreenPlaceholder title={t('privileges')} route={PATHS.privileges} />} />
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
