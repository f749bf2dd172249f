import type { RouteOptions } from 'fastify';
import * as contracts from '@suite/shared/contracts';
import type { Endpoint } from '@suite/shared/contracts';
import { startTestServer, type TestServer } from '../../test/harness';
import { CONTRACT_EXEMPT, routeMethods } from './contract';
import { contractOf } from './route';

/** Every endpoint declaration of the contracts (the `<area>Api` objects). */
const declarations: [string, Endpoint][] = Object.entries(contracts)
  .filter(([name, value]) => /Api$/.test(name) && value && typeof value === 'object')
  .flatMap(([area, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${area}.${name}`, e]),
  );

describe('one declaration per endpoint', () => {
  let server: (TestServer & { dispose(): Promise<void> }) | undefined;
  const routes: { key: string; contract: unknown }[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of routeMethods(route)) routes.push({ key: `${method} ${route.url}`, contract: route.config?.contract });
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
  }, 30_000);

  it('registers every route of the API from a declaration, with the contract the declaration gives', () => {
    const byKey = new Map(declarations.map(([name, e]) => [`${e.method} ${e.path}`, { name, e }]));
    const undeclared = routes
      .filter((route) => !(route.key in CONTRACT_EXEMPT))
      .filter((route) => {
        const declared = byKey.get(route.key);
        return !declared || JSON.stringify(route.contract) !== JSON.stringify(contractOf(declared.e));
      })
      .map((route) => route.key);
    expect(undeclared).toEqual([]);
  });

  it('registers every declaration, once', () => {
    const registered = routes.map((route) => route.key);
    const missing = declarations
      .filter(([, e]) => registered.filter((key) => key === `${e.method} ${e.path}`).length !== 1)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('names only privileges the contracts list', () => {
    const named = new Set(declarations.flatMap(([, e]) => contracts.endpointPrivileges(e)));
    expect(named.size).toBeGreaterThan(0);
    for (const privilege of named) expect(contracts.isPrivilegeName(privilege)).toBe(true);
  });
});
