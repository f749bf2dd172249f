import { LoadingState, PATHS, registerResources } from '@suite/shared';
import { Suspense, lazy, type ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { NotificationsPage } from './features/notifications-list/NotificationsPage';
import { NS, resources } from './i18n';

registerResources(NS, resources);

// the editor and the deliveries are chunks of their own: the list does not wait for them
const NotificationEditor = lazy(() =>
  import('./features/notification-editor/NotificationEditor').then(({ NotificationEditor: Editor }) => ({ default: Editor })),
);
const DeliveriesPage = lazy(() => import('./features/deliveries/DeliveriesPage').then(({ DeliveriesPage: Page }) => ({ default: Page })));

function EditorRoute() {
  const { notificationId } = useParams();
  // a new notification and an existing one are different forms
  return <NotificationEditor key={notificationId ?? 'new'} notificationId={notificationId} />;
}

function DeliveriesRoute() {
  const { notificationId = '' } = useParams();
  return <DeliveriesPage notificationId={notificationId} />;
}

/**
 * The notifications section: /notifications (the list), /notifications/new and
 * /notifications/:notificationId (the editor), /notifications/:notificationId/deliveries.
 * Mounted by the host; renders no providers.
 */
export default function App() {
  const lazily = (element: ReactElement) => <Suspense fallback={<LoadingState />}>{element}</Suspense>;
  return (
    <Routes>
      <Route path={PATHS.notifications}>
        <Route index element={<NotificationsPage />} />
        <Route path="new" element={lazily(<EditorRoute />)} />
        <Route path=":notificationId" element={lazily(<EditorRoute />)} />
        <Route path=":notificationId/deliveries" element={lazily(<DeliveriesRoute />)} />
      </Route>
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
