/**
 * The one shared-dependency policy for the host and every remote (docs/architecture.md §4).
 * Each entry is a singleton so the running page holds exactly one copy; versions come
 * from the installed package (one catalog version), and `@suite/shared` itself is
 * shared with its explicit semver version.
 */
export const SINGLETONS = [
  // the renderer, React 19: each entry a production build imports is its own share key (a key
  // matches one import name exactly), so the page holds one React and one react-dom
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@chakra-ui/react',
  '@emotion/react',
  'i18next',
  'react-i18next',
  '@suite/shared',
  '@suite/shared/console',
  // the menu icon renderer with its ~400 icons: one copy for the shell's menus and the editor
  '@suite/shared/menu-icon',
  // the console's server data (ADR 0009): one QueryClient context and cache for the host and every
  // console remote; only the console routes load it (the host's ConsoleQuery chunk, the kit)
  '@tanstack/react-query',
] as const;

/**
 * Entries of a package shared on their own, under their own key (a share key matches one import
 * name exactly), carrying the package's version. React's JSX runtime and react-dom's client are
 * such, and so are the console kit and the menu icon renderer: every console remote gets one
 * copy, and only the routes that render a console remote or a menu load them (not /login).
 */
export const PACKAGE_ENTRIES: Partial<Record<(typeof SINGLETONS)[number], string>> = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
  '@suite/shared/console': '@suite/shared',
  '@suite/shared/menu-icon': '@suite/shared',
};

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
  eager?: boolean;
  /** Module provided under this share key instead of the package's own entry. */
  import?: string;
}

/**
 * Singletons provided from a curated entry of @suite/shared (path inside the shared package)
 * instead of the package's index: a shared module cannot be tree-shaken, and Chakra's full index
 * would put every component on every route, react-router's its data routers and server
 * rendering (docs/adr/0005). Consumers still import the package name; host-shell tests check
 * that every name they import is listed.
 */
export const CURATED_ENTRIES: Partial<Record<(typeof SINGLETONS)[number], string>> = {
  '@chakra-ui/react': 'src/ui/chakra.js',
  'react-router-dom': 'src/federation/router.js',
  'react-i18next': 'src/federation/react-i18next.js',
};

/**
 * The singletons only some routes of the host use: the console kit, the menu icons and TanStack
 * Query. The host provides every other singleton eagerly, inside its main script, because every
 * page renders with it: one chunk each, fetched and inserted once the page had started, made the
 * longest task on /login after its first paint (docs/adr/0022-eager-start-up-singletons.md).
 * Remotes never provide eagerly.
 */
export const HOST_LAZY: readonly (typeof SINGLETONS)[number][] = [
  '@suite/shared/console',
  '@suite/shared/menu-icon',
  '@tanstack/react-query',
];

/** What the host provides eagerly: every singleton but HOST_LAZY. */
export const HOST_EAGER = SINGLETONS.filter((dep) => !HOST_LAZY.includes(dep));

/**
 * Builds the Module Federation `shared` option from installed versions; `entryOf` turns a
 * curated entry's path into the module to provide; `host` marks HOST_EAGER eager.
 */
export function sharedPolicy(
  versionOf: (dep: string) => string,
  entryOf?: (curatedPath: string) => string,
  options: { host?: boolean } = {},
): Record<string, SharedEntry> {
  return Object.fromEntries(
    SINGLETONS.map((dep) => {
      const version = versionOf(PACKAGE_ENTRIES[dep] ?? dep);
      const curated = CURATED_ENTRIES[dep];
      const entry: SharedEntry = { singleton: true, requiredVersion: `^${version}`, version };
      if (curated && entryOf) entry.import = entryOf(curated);
      if (options.host && HOST_EAGER.includes(dep)) entry.eager = true;
      return [dep, entry];
    }),
  );
}
