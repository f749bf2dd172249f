import { HOST_EAGER, RENDERER_ALIASES, sharedPolicy } from './policy';

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

  it("shares Preact's entries once, with Preact's version; React's names are aliases of them, not share keys", () => {
    const asked: string[] = [];
    const policy = sharedPolicy((dep) => {
      asked.push(dep);
      return dep === 'preact' ? '11.2.0' : '1.0.0';
    });
    for (const entry of ['preact', 'preact/hooks', 'preact/compat', 'preact/jsx-runtime']) {
      expect(policy[entry]).toEqual({ singleton: true, requiredVersion: '^11.2.0', version: '11.2.0' });
    }
    expect(asked.filter((dep) => dep.startsWith('preact/'))).toEqual([]);
    expect(policy.react).toBeUndefined();
    expect(policy['react-dom']).toBeUndefined();
    // a name that is itself a share key would make two share keys of one file
    for (const target of Object.values(RENDERER_ALIASES)) expect(Object.keys(policy)).not.toContain(target);
    expect(Object.keys(RENDERER_ALIASES)).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']));
  });

  it('has the host provide its start-up singletons eagerly, the console-only ones lazily, and a remote nothing eagerly', () => {
    const host = sharedPolicy(() => '1.0.0', undefined, { host: true });
    const remote = sharedPolicy(() => '1.0.0');
    expect(Object.keys(host).filter((dep) => host[dep].eager)).toEqual([...HOST_EAGER]);
    expect(HOST_EAGER).toEqual(['preact', 'preact/hooks', 'preact/compat', 'preact/jsx-runtime', 'react-router', '@chakra-ui/react', '@emotion/react', 'i18next', 'react-i18next', '@suite/shared']);
    for (const lazy of ['@suite/shared/console', '@suite/shared/menu-icon', '@tanstack/react-query']) expect(host[lazy].eager).toBeUndefined();
    expect(Object.values(remote).some((entry) => entry.eager)).toBe(false);
  });
});
