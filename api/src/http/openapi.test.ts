import type { RouteOptions } from 'fastify';
import { BACKENDS, json, startTestServer, type TestServer } from '../../test/harness';
import { CONTRACT_EXEMPT, routeMethods } from './contract';
import { DOCS_PATH, OPENAPI_PATH, routesWithoutContract, routesWithoutReply, type RegisteredRoute } from './openapi';
import { parseCsp } from './security-headers';

type Operation = {
  operationId: string;
  summary: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** Every `$ref` in `value`. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');

describe.each(BACKENDS)('OpenAPI document and docs page [%s]', (backend) => {
  let server: (TestServer & { dispose(): Promise<void> }) | undefined;
  const routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      backend,
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of routeMethods(route)) routes.push({ method, url: route.url, contract: route.config?.contract });
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
  }, 30_000);

  const app = () => {
    if (!server) throw new Error('test server did not start');
    return server.app;
  };

  it('has a contract on every route but the listed exceptions', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routesWithoutContract(routes)).toEqual([]);
  });

  it('declares the reply of every contracted route: the envelope result, or a raw reply', () => {
    expect(routes.filter((r) => r.contract?.result).length).toBeGreaterThan(25);
    expect(routesWithoutReply(routes)).toEqual([]);
    // the check itself: a contract without either is reported
    const bare = { method: 'GET', url: '/x', contract: { summary: 's', tag: 't' } } as unknown as RegisteredRoute;
    expect(routesWithoutReply([bare])).toEqual(['GET /x']);
  });

  it('lists only exceptions that exist and carry no contract', () => {
    const registered = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const [key, reason] of Object.entries(CONTRACT_EXEMPT)) {
      expect(reason.length).toBeGreaterThan(10);
      expect(registered.has(key) ? key : `missing: ${key}`).toBe(key);
      expect(registered.get(key)?.contract).toBeUndefined();
    }
  });

  it('serves /api/openapi.json as an OpenAPI 3 document with every contracted route', async () => {
    const response = await app().inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = json<Document>(response);
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(typeof doc.paths).toBe('object');

    for (const route of routes.filter((r) => r.contract)) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation ? `${route.method} ${route.url}` : `not in the document: ${route.method} ${route.url}`).toBe(
        `${route.method} ${route.url}`,
      );
    }
    for (const key of Object.keys(CONTRACT_EXEMPT)) {
      const [method, url] = key.split(' ');
      expect(doc.paths[openApiPath(url)]?.[method.toLowerCase()]).toBeUndefined();
    }

    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'put', 'post', 'delete', 'patch']).toContain(method);
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary).toEqual(expect.any(String));
        expect(operation.responses['200']).toBeDefined();
        expect(operation.responses['400']).toBeDefined();
        for (const response of Object.values(operation.responses)) expect(response.description).toEqual(expect.any(String));
        for (const parameter of operation.parameters) {
          expect(['header', 'query', 'path', 'cookie']).toContain(parameter.in);
          expect(parameter.name).toEqual(expect.any(String));
          expect(parameter.schema).toBeDefined();
          if (parameter.in === 'path') expect(parameter.required).toBe(true);
          if (parameter.in === 'path') expect(path).toContain(`{${parameter.name}}`);
        }
      }
    }
    for (const ref of refs(doc)) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name] ? ref : `dangling: ${ref}`).toBe(ref);
    }
  });

  it('publishes request bodies, the headers read and the reply envelopes from the contracts', async () => {
    const doc = json<Document>(await app().inject({ method: 'GET', url: OPENAPI_PATH }));
    const loginOp = doc.paths['/api/Login'].post;
    const body = loginOp.requestBody?.content['application/json'].schema as { type: string; properties: Record<string, unknown> };
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['user', 'password']));
    expect(loginOp.parameters.map((p) => `${p.in}:${p.name}`)).toContain('header:tenant');

    const list = doc.paths['/api/user/list'].get;
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['header:pages']));
    expect(list.responses['401']).toBeDefined();
    expect(list.responses['403']).toBeDefined();
    const envelope = list.responses['200'].content?.['application/json'].schema as { required: string[] };
    expect(envelope.required).toEqual(['statusCode', 'result']);
    expect(list.responses['400'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(list.responses['4XX'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    const listResult = (envelope as unknown as { properties: { result: { properties: Record<string, unknown> } } }).properties.result;
    expect(Object.keys(listResult.properties)).toEqual(expect.arrayContaining(['users', 'rows']));
    const error = doc.components.schemas.ErrorEnvelope as { properties: { result: { required: string[] } } };
    expect(error.properties.result.required).toEqual(['information', 'informationCode']);

    const session = doc.paths['/api/user/validatesession'].post.responses['200'].content?.['application/json'].schema as {
      properties: { result: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(session.properties.result.properties)).toEqual(['information', 'informationCode']);
  });

  it('serves /api/docs as HTML that runs under its Content-Security-Policy', async () => {
    const response = await app().inject({ method: 'GET', url: DOCS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!doctype html>/i);
    expect(response.body).toContain('/api/user/list');
    expect(response.body).toContain(OPENAPI_PATH);
    // no script at all; the one style element carries the reply's nonce
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).not.toMatch(/https?:\/\//);
    const csp = parseCsp(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    const nonce = /<style nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(csp['style-src']).toContain(`'nonce-${nonce}'`);
    expect(response.body.match(/<style/g)).toHaveLength(1);
  });
});
