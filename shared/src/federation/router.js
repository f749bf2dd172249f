/**
 * The router the suite ships: what Module Federation provides under the `react-router-dom`
 * share key (shared/tools/webpack.cjs), so every bundle imports `react-router-dom` as usual and
 * the page holds one router (react-router-dom v7 re-exports react-router; this entry takes the
 * names from react-router's own production build). A shared module cannot be tree-shaken, and
 * the package's index carries server rendering, sessions, cookies, loaders' helpers and more
 * (~60 KB gzip); this entry lists what the suite uses: the declarative router on a history of
 * ours that can hold navigations (@suite/shared's GuardedRouter: the console's unsaved-changes
 * prompt holds links and the browser's back and forward buttons without the data router, ~15 KB
 * brotli; docs/adr/0019), under which every remote mounts its own descendant <Routes>.
 *
 * `react-router/production` is an alias (webpack.cjs) of react-router's own production build;
 * importing `react-router-dom` here would consume this very module. Plain JavaScript on purpose,
 * like ui/chakra.js: a bundling entry, not part of @suite/shared's compiled API. A test checks
 * that every name the front end imports from `react-router-dom` is listed.
 */
export {
  BrowserRouter,
  unstable_HistoryRouter,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from 'react-router/production';
