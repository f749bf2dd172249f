import type { RouteOptions } from 'fastify';
import type * as v from 'valibot';

/**
 * What a route reads and answers, declared next to the route (`config: { contract: {...} }`) and
 * published in the OpenAPI document (`/api/openapi.json`, http/openapi.ts). Documentation only:
 * the handler still validates with `parseInput(Schema, …)` — valibot stays the one validator.
 */
export interface RouteContract {
  summary: string;
  tag: string;
  /** Request body (JSON). */
  body?: v.GenericSchema;
  /** Object schema of the request headers the route reads (its property names are the headers). */
  headers?: v.GenericSchema;
  /** Object schema of the query string parameters the route reads. */
  query?: v.GenericSchema;
  /** Schema of `result` in the `{ statusCode, result }` envelope; omitted: any object. */
  result?: v.GenericSchema;
  /** The reply is not the envelope (JWKS, client configuration, hub negotiation): its schema, if any. */
  raw?: v.GenericSchema | true;
  /** Needs a bearer access token (and, for admin routes, the named privileges). */
  auth?: boolean | string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}

/**
 * Routes deliberately left out of the OpenAPI document, each with its reason. Anything else
 * registered without a contract fails the contract test (http/openapi.test.ts).
 */
export const CONTRACT_EXEMPT: Readonly<Record<string, string>> = {
  'GET /healthz': 'probe for the orchestrator, not part of the identity API',
  'GET /readyz': 'probe for the orchestrator, not part of the identity API',
  'GET /dev/mail': 'development mailbox page, absent in production',
  'GET /dev/mail.json': 'development mailbox, absent in production',
  'GET /dev/mail/:id': 'development mailbox, absent in production',
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'the page that renders the document',
  'GET /mfe/:slug/*': 'static files of the micro-frontends',
  'GET /brand/*': 'static brand images',
  'GET /*': 'static files of the host shell and its page',
  'OPTIONS *': 'CORS preflight answered by @fastify/cors for every path',
};

/** The methods of a route (HEAD, Fastify's automatic twin of each GET, left out). */
export function routeMethods(route: Pick<RouteOptions, 'method'>): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => m.toUpperCase()).filter((m) => m !== 'HEAD');
}
