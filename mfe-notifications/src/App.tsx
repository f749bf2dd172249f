import { PATHS, ScreenPlaceholder, registerResources } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NS, resources } from './i18n';

registerResources(NS, resources);

/** /notifications: placeholders until the screens are built. Mounted by the host; renders no providers. */
export default function App() {
  const { t } = useTranslation(NS);
  return (
    <Routes>
      <Route path={`${PATHS.notifications}/*`} element={<ScreenPlaceholder title={t('notifications')} route={PATHS.notifications} />} />
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
