import type { RouteOptions } from 'fastify';
import type * as v from 'valibot';

/**
 * What a route reads and answers, declared next to the route (`config: { contract: {...} }`) and
 * published in the OpenAPI document (`/api/openapi.json`, http/openapi.ts). The handler still
 * validates its input with `parseInput(Schema, …)` — valibot stays the one validator; the reply
 * schema is checked against real replies by http/replies.test.ts.
 */
interface ContractBase {
  summary: string;
  tag: string;
  /** Request body (JSON). */
  body?: v.GenericSchema;
  /** Object schema of the request headers the route reads (its property names are the headers). */
  headers?: v.GenericSchema;
  /** Object schema of the query string parameters the route reads. */
  query?: v.GenericSchema;
  /** Needs a bearer access token (and, for admin routes, the named privileges). */
  auth?: boolean | string[];
  /** A raw reply that is not JSON: its media type. */
  produces?: string;
}

/** Every route declares its reply: the envelope's `result`, or a reply that is not the envelope. */
export type RouteContract = ContractBase &
  (
    | {
        /** Schema of `result` in the `{ statusCode, result }` envelope of a success. */
        result: v.GenericSchema;
        raw?: undefined;
      }
    | {
        /** The reply is not the envelope (JWKS, client configuration, hub negotiation): its schema, or true for any JSON object. */
        raw: v.GenericSchema | true;
        result?: undefined;
      }
  );

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
  'GET /api/Notifications/TemplateImage/:id': 'notification template images (SVG), fetched by mail clients',
  'GET /*': 'static files of the host shell and its page',
  'GET /.well-known/openid-configuration': 'the OpenID provider (oidc-provider): its discovery document describes its endpoints',
  'GET /oidc/*': "the OpenID provider's endpoints (oidc-provider), described by its discovery document",
  'POST /oidc/*': "the OpenID provider's endpoints (oidc-provider), described by its discovery document",
  'GET /oidc/interaction/:uid': "a browser navigation of the OpenID provider: on to the portal's sign-in",
  'GET /oidc/interaction/:uid/complete': "a browser navigation of the OpenID provider: back from the portal's sign-in",
  'OPTIONS *': 'CORS preflight of every path (@fastify/cors; not found when CORS_ORIGINS is empty)',
};

/** The methods of a route (HEAD, Fastify's automatic twin of each GET, left out). */
export function routeMethods(route: Pick<RouteOptions, 'method'>): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => m.toUpperCase()).filter((m) => m !== 'HEAD');
}
