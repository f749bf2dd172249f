import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { ErrorResultSchema, publishedSchema } from '@suite/shared/contracts';
import { CONTRACT_EXEMPT, routeMethods, type RouteContract } from './contract';
import { cspNonce } from './security-headers';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

type JsonObject = Record<string, unknown>;

export interface RegisteredRoute {
  method: string;
  url: string;
  contract?: RouteContract;
}

/** A valibot schema as OpenAPI 3.0 JSON Schema (checks JSON Schema cannot express are left out). */
function jsonSchema(schema: v.GenericSchema): JsonObject {
  const { $schema: _ignored, ...rest } = toJsonSchema(publishedSchema(schema), {
    target: 'openapi-3.0',
    errorMode: 'ignore',
    typeMode: 'input',
  }) as JsonObject;
  return rest;
}

/** The properties of an object schema as OpenAPI parameters `in` headers or query. */
function parameters(schema: v.GenericSchema | undefined, where: 'header' | 'query'): JsonObject[] {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: required.has(name), schema: property }));
}

const envelope = (result: JsonObject): JsonObject => ({
  type: 'object',
  required: ['statusCode', 'result'],
  properties: {
    statusCode: { type: 'integer' },
    result,
    statusDetails: {
      type: 'array',
      items: { type: 'object', properties: { code: { type: 'string' }, description: { type: 'string' } } },
    },
  },
});

const json = (schema: JsonObject) => ({ 'application/json': { schema } });

/** `/mfe/:slug/*` → `/mfe/{slug}/{wildcard}`; the path parameters it names. */
function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('wildcard');
      return '{wildcard}';
    });
  return { path, params };
}

function operation(method: string, url: string, contract: RouteContract, params: string[]): JsonObject {
  const body = contract.body && method !== 'GET' ? { required: true, content: json(jsonSchema(contract.body)) } : undefined;
  const success = contract.produces
    ? { description: 'Success', content: { [contract.produces]: { schema: { type: 'string' } } } }
    : contract.raw
      ? { description: 'Success', content: json(contract.raw === true ? { type: 'object' } : jsonSchema(contract.raw)) }
      : { description: 'Success: `{ statusCode: 200, result }`', content: json(envelope(jsonSchema(contract.result))) };
  const error = {
    description:
      'Failure: `{ statusCode, result: { information, informationCode } }` with the same HTTP status (some refusals add fields to `result`)',
    content: json({ $ref: '#/components/schemas/ErrorEnvelope' }),
  };
  const responses: JsonObject = { '200': success, '400': error };
  if (contract.auth) Object.assign(responses, { '401': error, '403': error });
  // any other refusal (404, 409, 410, 423, …) has the same shape
  Object.assign(responses, { '429': error, '4XX': error, '500': error });
  const privileges = Array.isArray(contract.auth) ? ` Privilege: ${contract.auth.join(' or ')}.` : '';
  return {
    operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: contract.summary,
    ...(privileges ? { description: privileges.trim() } : {}),
    tags: [contract.tag],
    parameters: [
      ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...parameters(contract.headers, 'header'),
      ...parameters(contract.query, 'query'),
    ],
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(contract.auth ? { security: [{ bearer: [] }] } : {}),
  };
}

/** The OpenAPI 3 document of every route registered with a contract. */
export function buildOpenApi(routes: readonly RegisteredRoute[], version: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const { method, url, contract } of routes) {
    if (!contract) continue;
    const { path, params } = openApiPath(url);
    (paths[path] ??= {})[method.toLowerCase()] = operation(method, url, contract, params);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Identity API',
      version,
      description: 'Generated from the valibot contracts of @suite/shared/contracts. Every reply is the envelope `{ statusCode, result }`.',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorEnvelope: envelope(jsonSchema(ErrorResultSchema)),
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The docs page: the operations grouped by area, server-rendered; no script, one nonced style. */
export function docsPage(document: JsonObject, nonce: string): string {
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters as Array<{ name: string; in: string; required: boolean }>).map(
        (p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`,
      );
      const body = op.requestBody
        ? `<details><summary>Body schema</summary><pre>${escapeHtml(JSON.stringify((op.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json'].schema, null, 2))}</pre></details>`
        : '';
      const item =
        `<section><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
        `<p>${escapeHtml(String(op.summary ?? ''))}${op.description ? ` ${escapeHtml(String(op.description))}` : ''}</p>` +
        (params.length ? `<ul>${params.join('')}</ul>` : '') +
        body +
        `<p>Responses: ${Object.keys(op.responses as JsonObject).join(', ')}</p></section>`;
      const tag = ((op.tags as string[]) ?? ['other'])[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), item]);
    }
  }
  const info = document.info as { title: string; version: string; description: string };
  // OpenAPI descriptions are CommonMark: their `code` spans shown as code, not as backticks
  const inlineCode = (html: string) => html.replace(/`([^`]+)`/g, '<code>$1</code>');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} — API reference</title>
<style nonce="${nonce}">body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
section{border-top:1px solid #ddd;padding:.5rem 0}.m{display:inline-block;min-width:4rem;font-weight:700}pre{background:#f5f5f5;padding:.5rem;overflow:auto}</style>
</head><body><main><h1>${escapeHtml(info.title)} <small>version ${escapeHtml(info.version)}</small></h1>
<p>${inlineCode(escapeHtml(info.description))} Machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
${[...byTag.entries()].map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2>${items.join('\n')}`).join('\n')}
</main></body></html>`;
}

/**
 * Collects the route table (install before any area's plugin) and serves the OpenAPI document
 * at /api/openapi.json and the docs page at /api/docs. The document is built once, on first use.
 */
export function installOpenApi(app: FastifyInstance, version: string): void {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of routeMethods(route)) routes.push({ method, url: route.url, contract: route.config?.contract });
  });
  let document: JsonObject | undefined;
  const get = () => (document ??= buildOpenApi(routes, version));

  app.get(OPENAPI_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return get();
  });
  app.get(DOCS_PATH, async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return docsPage(get(), cspNonce(reply));
  });
}

/** Routes whose contract declares no reply: neither the envelope's `result` nor a `raw` reply. */
export function routesWithoutReply(routes: readonly RegisteredRoute[]): string[] {
  return routes.filter((r) => r.contract && !r.contract.result && !r.contract.raw).map((r) => `${r.method} ${r.url}`);
}

/** Routes registered without a contract that are not deliberate exceptions (CONTRACT_EXEMPT). */
export function routesWithoutContract(routes: readonly RegisteredRoute[]): string[] {
  return routes.filter((r) => !r.contract && !(`${r.method} ${r.url}` in CONTRACT_EXEMPT)).map((r) => `${r.method} ${r.url}`);
}
