import type * as v from 'valibot';
import type { PrivilegeName } from './privileges';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint. */
export type EndpointAccess =
  /** anyone: sign-in, reset, the public profile */
  | 'public'
  /** any valid access token (a person or an application signed in) */
  | 'session'
  /** a console administrator holding at least one of these privileges */
  | readonly [PrivilegeName, ...PrivilegeName[]];

interface EndpointBase {
  method: HttpMethod;
  /** The path under the API's origin, e.g. '/api/privilege/list'; `:name` segments are parameters. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The OpenAPI tag (the area). */
  tag: string;
  /** Request body (JSON). */
  body?: v.GenericSchema;
  /** Object schema of the request headers read (its keys are the header names). */
  headers?: v.GenericSchema;
  /** Object schema of the query-string parameters read. */
  query?: v.GenericSchema;
  /** Object schema of the path parameters. */
  params?: v.GenericSchema;
  access: EndpointAccess;
  /** Its changes are written in the audit log (in the change's transaction, by its service). */
  audited?: boolean;
  /** A raw reply that is not JSON: its media type (a CSV export). */
  produces?: string;
}

/**
 * One endpoint of the API, declared once: the server registers its route from it (privilege
 * check, input parsing, OpenAPI, reply checks: api/src/http/route.ts), the page calls it with it
 * (method, path, headers and types: shared/src/api-client/call.ts).
 */
export type Endpoint = EndpointBase &
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

/**
 * A schema that checks one way and is documented another: the OpenAPI document shows
 * `published` (a schema chosen by the input, `v.lazy`, has no JSON Schema of its own).
 */
export function publishedAs<S extends v.GenericSchema>(schema: S, published: v.GenericSchema): S & { published: v.GenericSchema } {
  return Object.assign(schema, { published });
}

/** The schema to publish for a checked one. */
export function publishedSchema(schema: v.GenericSchema): v.GenericSchema {
  return (schema as { published?: v.GenericSchema }).published ?? schema;
}

/** Declares an endpoint (the identity, typed: `const` keeps the literal path and privileges). */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

type InputOf<S> = S extends v.GenericSchema ? v.InferInput<S> : never;
type OutputOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : never;
/** Headers or a query with nothing required may be left out (sent as none); a declared body or path parameters never. */
type Part<E, K extends 'body' | 'headers' | 'query' | 'params', Of> = E extends { [P in K]: v.GenericSchema }
  ? K extends 'headers' | 'query'
    ? Record<never, never> extends Of
      ? { [P in K]?: Of }
      : { [P in K]: Of }
    : { [P in K]: Of }
  : { [P in K]?: undefined };

/** What a caller sends: the declared parts, as their schemas accept them. */
export type EndpointInput<E extends Endpoint> = Part<E, 'body', InputOf<E['body']>> &
  Part<E, 'headers', InputOf<E['headers']>> &
  Part<E, 'query', InputOf<E['query']>> &
  Part<E, 'params', InputOf<E['params']>>;

/** What a route's handler receives: the declared parts, parsed. */
export type EndpointParsed<E extends Endpoint> = {
  body: OutputOf<E['body']>;
  headers: OutputOf<E['headers']>;
  query: OutputOf<E['query']>;
  params: OutputOf<E['params']>;
};

/** The `result` of a success (or the raw reply). */
export type EndpointResult<E extends Endpoint> = E extends { result: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : E extends { raw: infer R extends v.GenericSchema }
    ? v.InferOutput<R>
    : unknown;

/** True when the input has nothing required (the caller may omit it). */
export type InputOptional<E extends Endpoint> = E extends
  | { body: v.GenericSchema }
  | { headers: v.GenericSchema }
  | { query: v.GenericSchema }
  | { params: v.GenericSchema }
  ? false
  : true;

/** The privileges an endpoint needs, or none. */
export function endpointPrivileges(e: Pick<Endpoint, 'access'>): readonly PrivilegeName[] {
  return typeof e.access === 'string' ? [] : e.access;
}

/** The path with its `:name` parameters filled in (each value URL-encoded). */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
