import { LoadingState, PATHS, registerResources } from '@suite/shared';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NS, resources } from './i18n';
import { UsersPage } from './UsersPage';

registerResources(NS, resources);

// The card (and its form libraries) is its own chunk: the list does not wait for it.
const SecurityPage = lazy(() => import('./features/security/SecurityPage').then(({ SecurityPage: Page }) => ({ default: Page })));
const UserCardRoute = lazy(() => import('./features/user-card').then(({ UserCardRoute: Card }) => ({ default: Card })));
const AuditPage = lazy(() => import('./features/audit').then(({ AuditPage: Page }) => ({ default: Page })));

/**
 * The users section (/users): the list, and the user card at /users/new and /users/:userId; the
 * audit log (/audit); and a person's own security page (/security). Mounted by the host; renders
 * no providers.
 */
export default function App() {
  const card = (
    <Suspense fallback={<LoadingState />}>
      <UserCardRoute />
    </Suspense>
  );
  return (
    <Routes>
      <Route path={PATHS.users}>
        <Route index element={<UsersPage />} />
        <Route path="new" element={card} />
        <Route path=":userId" element={card} />
      </Route>
      <Route
        path={PATHS.audit}
        element={
          <Suspense fallback={<LoadingState />}>
            <AuditPage />
          </Suspense>
        }
      />
      <Route
        path={PATHS.security}
        element={
          <Suspense fallback={<LoadingState />}>
            <SecurityPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
