/**
 * The one shared-dependency policy for the host and every remote (design.md §4).
 * Each entry is a singleton so the running page holds exactly one copy; versions come
 * from the installed package (one catalog version), and `@suite/shared` itself is
 * shared with its explicit semver version.
 */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@chakra-ui/react',
  '@emotion/react',
  'i18next',
  'react-i18next',
  '@suite/shared',
] as const;

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
  eager?: boolean;
}

/** Builds the Module Federation `shared` option from installed versions. */
export function sharedPolicy(versionOf: (dep: string) => string): Record<string, SharedEntry> {
  return Object.fromEntries(
    SINGLETONS.map((dep) => {
      const version = versionOf(dep);
      return [dep, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
}
