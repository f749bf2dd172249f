import { HOST_EAGER, sharedPolicy } from './policy';

describe('shared-dependency policy', () => {
  it('shares the console kit as its own singleton, with the version of @suite/shared', () => {
    const asked: string[] = [];
    const policy = sharedPolicy((dep) => {
      asked.push(dep);
      return dep === '@suite/shared' ? '0.1.0' : '1.0.0';
    });
    expect(policy['@suite/shared/console']).toEqual({ singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' });
    expect(policy['@suite/shared']).toEqual({ singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' });
    // a subpath is never looked up as a package of its own
    expect(asked).not.toContain('@suite/shared/console');
  });

  it('shares TanStack Query as a singleton with its installed version', () => {
    const policy = sharedPolicy((dep) => (dep === '@tanstack/react-query' ? '5.108.0' : '1.0.0'));
    expect(policy['@tanstack/react-query']).toEqual({ singleton: true, requiredVersion: '^5.108.0', version: '5.108.0' });
  });

  it("shares React and react-dom, and the entries the builds import, once each with their package's version", () => {
    const asked: string[] = [];
    const policy = sharedPolicy((dep) => {
      asked.push(dep);
      return { react: '19.2.0', 'react-dom': '19.2.1' }[dep] ?? '1.0.0';
    });
    for (const entry of ['react', 'react/jsx-runtime'])
      expect(policy[entry]).toEqual({ singleton: true, requiredVersion: '^19.2.0', version: '19.2.0' });
    for (const entry of ['react-dom', 'react-dom/client'])
      expect(policy[entry]).toEqual({ singleton: true, requiredVersion: '^19.2.1', version: '19.2.1' });
    // an entry is never looked up as a package of its own
    expect(asked.filter((dep) => dep.includes('/') && !dep.startsWith('@'))).toEqual([]);
    expect(Object.keys(policy).filter((dep) => dep.startsWith('preact'))).toEqual([]);
  });

  it('has the host provide its start-up singletons eagerly, the console-only ones lazily, and a remote nothing eagerly', () => {
    const host = sharedPolicy(() => '1.0.0', undefined, { host: true });
    const remote = sharedPolicy(() => '1.0.0');
    expect(Object.keys(host).filter((dep) => host[dep].eager)).toEqual([...HOST_EAGER]);
    expect(HOST_EAGER).toEqual([
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
    ]);
    for (const lazy of ['@suite/shared/console', '@suite/shared/menu-icon', '@tanstack/react-query'])
      expect(host[lazy].eager).toBeUndefined();
    expect(Object.values(remote).some((entry) => entry.eager)).toBe(false);
  });
});
