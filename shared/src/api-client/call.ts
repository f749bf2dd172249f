import { endpointPath, type Endpoint, type EndpointInput, type EndpointResult, type InputOptional } from '../contracts/endpoint';
import type { Envelope } from '../contracts/envelope';
import { apiClient, type ApiClient, type RequestOptions } from './client';

/** A header value as sent: plain printable ASCII as it is, anything else percent-encoded (the API decodes it). */
export function headerValue(value: unknown): string {
  const text = String(value);
  return /^[\x20-\x24\x26-\x7e]*$/.test(text) ? text : encodeURIComponent(text);
}

type CallArgs<E extends Endpoint> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: RequestOptions]
    : [input: EndpointInput<E>, options?: RequestOptions];

/**
 * Calls an endpoint declaration (shared/src/contracts): its method and path (parameters filled
 * in), its headers and query from `input`, its body as JSON; the session rules of the API client
 * (token, refresh on 401, the privileges dialog on 403) for every endpoint that is not public.
 * Resolves the envelope's `result`; a refusal rejects with an ApiError.
 */
export async function call<E extends Endpoint & { result: unknown }>(
  e: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<EndpointResult<E>> {
  return callWith(apiClient, e, input as EndpointInput<E> | undefined, options);
}

/** `call`, resolving the whole envelope (for replies whose message to show is in `statusDetails`). */
export async function callEnvelope<E extends Endpoint & { result: unknown }>(
  e: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<Envelope<EndpointResult<E>>> {
  return envelopeWith(apiClient, e, input as EndpointInput<E> | undefined, options);
}

/** `call` through another client (tests, and calls that keep their own session rules). */
export async function callWith<E extends Endpoint>(
  client: ApiClient,
  e: E,
  input: EndpointInput<E> | undefined,
  options: RequestOptions = {},
): Promise<EndpointResult<E>> {
  return (await envelopeWith(client, e, input, options)).result;
}

/**
 * Calls an endpoint whose reply is not the envelope (declared `raw`, e.g. a CSV export) with the
 * input and session rules of `call`; resolves the Response of a success, its body unread (a file
 * to save, a stream). A refusal rejects with an ApiError.
 */
export async function callRaw<E extends Endpoint & { raw: unknown }>(e: E, ...[input, options = {}]: CallArgs<E>): Promise<Response> {
  return callRawWith(apiClient, e, input as EndpointInput<E> | undefined, options);
}

/** `callRaw` through another client. */
export async function callRawWith<E extends Endpoint>(
  client: ApiClient,
  e: E,
  input: EndpointInput<E> | undefined,
  options: RequestOptions = {},
): Promise<Response> {
  const { method, path, body, request } = requestOf(e, input, options);
  return client.raw(method, path, body, request);
}

async function envelopeWith<E extends Endpoint>(
  client: ApiClient,
  e: E,
  input: EndpointInput<E> | undefined,
  options: RequestOptions,
): Promise<Envelope<EndpointResult<E>>> {
  const { method, path, body, request } = requestOf(e, input, options);
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return verb === 'get' || verb === 'delete'
    ? client[verb]<EndpointResult<E>>(path, request)
    : client[verb]<EndpointResult<E>>(path, body, request);
}

/** What a call of `e` sends: method, path under the API's prefix (parameters filled in), body, headers, query and session rule. */
function requestOf<E extends Endpoint>(e: E, input: EndpointInput<E> | undefined, options: RequestOptions) {
  const { body, headers, query, params } = (input ?? {}) as {
    body?: unknown;
    headers?: Record<string, unknown>;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
  };
  const sentHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value !== undefined && value !== null) sentHeaders[name] = headerValue(value);
  const searchParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) searchParams[name] = String(value);
  const path = endpointPath(e.path, params).replace(/^\/api\//, '');
  const request: RequestOptions = {
    auth: e.access !== 'public',
    ...options,
    headers: { ...sentHeaders, ...(options.headers as Record<string, string> | undefined) },
    ...(Object.keys(searchParams).length ? { searchParams } : {}),
  };
  return { method: e.method, path, body, request };
}
