import { useSession } from '@suite/shared';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RemoteSection } from './remotes/RemoteSection';
import { decideRoute } from './routes';

function RemoteRoute() {
  const { pathname } = useLocation();
  const { isAuthenticated } = useSession();
  const decision = decideRoute(pathname, isAuthenticated);
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  const { remote } = decision;
  const section = <RemoteSection key={remote.name} name={remote.name} />;
  return remote.protected ? <AuthenticatedLayout>{section}</AuthenticatedLayout> : <PublicLayout>{section}</PublicLayout>;
}

/** The shell's router: every path goes through decideRoute; each remote renders its own <Routes>. */
export function Shell() {
  return (
    <Routes>
      <Route path="*" element={<RemoteRoute />} />
    </Routes>
  );
}
