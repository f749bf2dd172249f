import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as v from 'valibot';
import { endpointPrivileges, type Endpoint, type EndpointParsed, type EndpointResult, type Envelope } from '@suite/shared/contracts';
import { authenticate, requirePrivilege } from '../security/auth';
import type { RouteContract } from './contract';
import { parseInput } from './errors';
import { decodeHeaderText, first } from './headers';

/** What a handler answers: the envelope of its result, or the raw reply of a raw endpoint. */
type Answer<E extends Endpoint> = E extends { raw: v.GenericSchema | true }
  ? EndpointResult<E> | FastifyReply
  : Envelope<EndpointResult<E>> | FastifyReply;

export type RouteHandler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Answer<E>>;

/** What a route may add to its declaration: its rate limit and other Fastify options. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'contract'>;
  bodyLimit?: number;
  /** Its replies, refusals included, carry tokens, codes or challenges: `Cache-Control: no-store`. */
  noStore?: boolean;
}

/** The keys of an object schema (the headers, query or params a route reads). */
function keysOf(schema: v.GenericSchema | undefined): string[] {
  const entries = (schema as { entries?: Record<string, unknown> } | undefined)?.entries;
  return entries ? Object.keys(entries) : [];
}

/** The declared headers, trimmed and decoded (a client percent-encodes text that is not plain ASCII). */
function readHeaders(request: FastifyRequest, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = decodeHeaderText(first(request.headers[name.toLowerCase()]));
    if (value !== undefined) picked[name] = value.trim();
  }
  return picked;
}

/** The OpenAPI contract of a declaration (http/openapi.ts publishes it). */
export function contractOf(e: Endpoint): RouteContract {
  const privileges = endpointPrivileges(e);
  const auth = e.access === 'public' ? undefined : privileges.length ? [...privileges] : true;
  const base = { summary: e.summary, tag: e.tag, body: e.body, headers: e.headers, query: e.query, auth, produces: e.produces };
  return e.raw !== undefined ? { ...base, raw: e.raw } : { ...base, result: e.result };
}

/**
 * Registers the route of an endpoint declaration: the privilege check (or the token check) before
 * anything else, the body included, the declared body, headers, query and path parameters parsed through the one
 * validator (a 400 naming the field otherwise), the contract published in the OpenAPI document.
 * The handler gets the parsed input and answers the envelope.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: RouteHandler<E>, extras: RouteExtras = {}): void {
  const privileges = endpointPrivileges(e);
  const headerNames = keysOf(e.headers);
  const guard =
    e.access === 'public' ? undefined : privileges.length ? requirePrivilege(privileges[0], ...privileges.slice(1)) : authenticate;
  const options: RouteShorthandOptions = {
    // before the body is read: a caller who may not call gets a 401 or 403, never a 413 or a
    // parse error, and no body of megabytes is read for them
    ...(guard ? { onRequest: guard } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    config: { ...extras.config, contract: contractOf(e) },
  };
  app.route({
    method: e.method,
    url: e.path,
    ...options,
    handler: async (request, reply) => {
      if (extras.noStore) reply.header('cache-control', 'no-store');
      const input = {
        body: e.body ? parseInput(e.body, request.body) : undefined,
        headers: e.headers ? parseInput(e.headers, readHeaders(request, headerNames), 'headers') : undefined,
        query: e.query ? parseInput(e.query, request.query, 'query') : undefined,
        params: e.params ? parseInput(e.params, request.params, 'params') : undefined,
      } as EndpointParsed<E>;
      return handler(input, request, reply);
    },
  });
}

/**
 * Answers 200 with a `result` already written as JSON text (by the database, say), put in the
 * envelope as it is rather than parsed and written out again.
 */
export function sendResultJson(reply: FastifyReply, resultJson: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"statusCode":200,"result":${resultJson}}`);
}
