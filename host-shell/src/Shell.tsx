import { Text } from '@chakra-ui/react';
import {
  COMMON_NS,
  DialogHost,
  LoadingState,
  PATHS,
  apiClient,
  pathMatches,
  sectionForPath,
  sectionsOpenTo,
  setNavigator,
  useSession,
} from '@suite/shared';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import { ShellErrorBoundary } from './layout/ErrorBoundary';
import { LoadingScreen } from './layout/LoadingScreen';
import { PublicLayout } from './layout/PublicLayout';
import { RemoteSection } from './remotes/RemoteSection';
import { AUTH_REMOTE, decideRoute } from './routes';
import type { HubConnectionFactory } from './session/realtime';
import { SessionHub } from './session/SessionHub';

/** The console's QueryClient (TanStack Query): its own chunk, so /login never loads it. */
const ConsoleQuery = lazy(() => import('./console/ConsoleQuery'));
/** The authenticated layout with its menus: its own chunk too, so /login never loads the console's chrome. */
const AuthenticatedLayout = lazy(() => import('./layout/AuthenticatedLayout'));
/** The exchange of a one-time sign-in code: only addresses that carry one load it. */
const CodeExchange = lazy(() => import('./session/CodeExchange').then((m) => ({ default: m.CodeExchange })));

/**
 * A console address the user's privileges do not open: the privileges dialog, then /users
 * (docs/product/console.md, Permissions and the 403 answer). The home page itself, when it is not open to the user, leads to the first
 * section that is (a dialog there would only lead back to it); with none, it says so.
 */
function ForbiddenSection({ privileges }: { privileges: readonly string[] }) {
  const { pathname } = useLocation();
  const { t } = useTranslation(COMMON_NS);
  const atHome = pathMatches(pathname, PATHS.users);
  const open = sectionsOpenTo(privileges)[0];
  useEffect(() => {
    if (!atHome) apiClient.forbidden();
  }, [atHome]);
  if (!atHome) return null;
  if (open) return <Navigate to={open.path} replace />;
  return <Text role="status">{t('shell.noSections')}</Text>;
}

function RemoteRoute() {
  const { pathname, search } = useLocation();
  const { isAuthenticated, user } = useSession();
  const decision = decideRoute(pathname, isAuthenticated, search);
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  if ('exchange' in decision) {
    return (
      <Suspense fallback={<LoadingState />}>
        <CodeExchange code={decision.exchange} />
      </Suspense>
    );
  }
  const { remote } = decision;
  if (!remote.protected)
    return (
      <PublicLayout>
        <RemoteSection key={remote.name} name={remote.name} />
      </PublicLayout>
    );
  const required = sectionForPath(pathname)?.privilege;
  const section =
    required && !user?.privileges.includes(required) ? (
      <ForbiddenSection key={pathname} privileges={user?.privileges ?? []} />
    ) : (
      <RemoteSection key={remote.name} name={remote.name} />
    );
  return (
    <Suspense fallback={<LoadingState />}>
      <AuthenticatedLayout>
        <Suspense fallback={<LoadingState />}>
          <ConsoleQuery>{section}</ConsoleQuery>
        </Suspense>
      </AuthenticatedLayout>
    </Suspense>
  );
}

/** Lets code outside React (API client, session hub) move the page through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path, options) => void navigate(path, options)), [navigate]);
  return null;
}

/**
 * The console's appearance preview (framed by the Apariencia tab): the public screen of the
 * address, whoever is signed in, and nothing of the session — no hub, no redirects, no dialogs.
 */
function PreviewShell() {
  return (
    <ShellErrorBoundary>
      <PublicLayout>
        <RemoteSection name={AUTH_REMOTE.name} />
      </PublicLayout>
    </ShellErrorBoundary>
  );
}

export interface ShellProps {
  hubFactory?: HubConnectionFactory;
  /** The page is the console's appearance preview (`isAppearancePreview`). */
  preview?: boolean;
}

/** The shell's router: every path goes through decideRoute; each remote renders its own <Routes>. */
export function Shell({ hubFactory, preview }: ShellProps = {}) {
  if (preview) return <PreviewShell />;
  return (
    <ShellErrorBoundary>
      <NavigatorBridge />
      <SessionHub factory={hubFactory} />
      <Routes>
        <Route path={PATHS.loading} element={<LoadingScreen />} />
        <Route path="*" element={<RemoteRoute />} />
      </Routes>
      <DialogHost />
    </ShellErrorBoundary>
  );
}

/**
 * The data router's one route: every path (a splat, so the shell's and the remotes' descendant
 * <Routes> match the rest, case-insensitively through decideRoute) renders the shell.
 */
export function shellRoutes(props: ShellProps = {}): RouteObject[] {
  return [{ path: '*', element: <Shell {...props} /> }];
}
