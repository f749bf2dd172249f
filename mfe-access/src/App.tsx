import { LoadingState, PATHS, registerResources } from '@suite/shared';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PrivilegesPage } from './features/privileges-list/PrivilegesPage';
import { RolesPage } from './features/roles-list/RolesPage';
import { NS, resources } from './i18n';

registerResources(NS, resources);

// each card is its own chunk: the lists do not wait for them
const PrivilegeCardRoute = lazy(() => import('./features/privilege-card').then(({ PrivilegeCardRoute: Card }) => ({ default: Card })));
const RoleCardRoute = lazy(() => import('./features/role-card').then(({ RoleCardRoute: Card }) => ({ default: Card })));

/**
 * The roles and privileges sections: /privileges (list, /new, /:privilegeId) and /roles (list,
 * /new, /:roleId). Mounted by the host; renders no providers.
 */
export default function App() {
  const privilegeCard = (
    <Suspense fallback={<LoadingState />}>
      <PrivilegeCardRoute />
    </Suspense>
  );
  const roleCard = (
    <Suspense fallback={<LoadingState />}>
      <RoleCardRoute />
    </Suspense>
  );
  return (
    <Routes>
      <Route path={PATHS.privileges}>
        <Route index element={<PrivilegesPage />} />
        <Route path="new" element={privilegeCard} />
        <Route path=":privilegeId" element={privilegeCard} />
      </Route>
      <Route path={PATHS.roles}>
        <Route index element={<RolesPage />} />
        <Route path="new" element={roleCard} />
        <Route path=":roleId" element={roleCard} />
      </Route>
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
