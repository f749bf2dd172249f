/**
 * The react-router the suite ships: what Module Federation provides under the `react-router`
 * share key (shared/tools/webpack.cjs), so every bundle imports `react-router` as usual and the
 * page holds one router. A shared module cannot be tree-shaken, and the package's index carries
 * server rendering, sessions, cookies, loaders' helpers and more (~60 KB gzip); this entry lists
 * what the suite uses: the host's data router (createBrowserRouter / RouterProvider, so the
 * console's unsaved-changes prompt can hold the browser's back and forward buttons with
 * useBlocker) under which every remote mounts its own descendant <Routes>.
 *
 * `react-router/production` is an alias (webpack.cjs) of the package's own production build;
 * importing `react-router` here would consume this very module. Plain JavaScript on purpose, like
 * ui/chakra.js: a bundling entry, not part of @suite/shared's compiled API. A test checks that
 * every name the front end imports from `react-router` is listed.
 */
export {
  createBrowserRouter,
  createMemoryRouter,
  RouterProvider,
  useBlocker,
  BrowserRouter,
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
