import { sharedPolicy } from './policy';

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
});
