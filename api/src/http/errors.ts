import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  FORBIDDEN_TEXT_MESSAGE,
  INFORMATION_CODES,
  MESSAGES,
  fail,
  findForbiddenText,
  parseRequest,
  type Envelope,
} from '@suite/shared/contracts';
import { es, formatPhrase } from '@suite/shared/phrases';
import { localizeEnvelope, requestLanguage } from './language';
import { setErrorReplyHeaders } from './security-headers';

/**
 * An expected failure: answered as `{ statusCode, result: { information, informationCode, …extra } }`
 * with the same HTTP status.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly information: string,
    readonly informationCode: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(information);
    this.name = 'ApiError';
  }

  toEnvelope(): Envelope<Record<string, unknown>> {
    return { statusCode: this.statusCode, result: { information: this.information, informationCode: this.informationCode, ...this.extra } };
  }
}

export const badRequest = (information: string) => new ApiError(400, information, INFORMATION_CODES.badRequest);

const invalid = (what: string, path: string, message: string) =>
  badRequest(formatPhrase(es.request.invalidAt, { where: path ? `${what}.${path}` : what, detail: message }));

/**
 * Parses `input` with a valibot schema through the contracts' one gate (parseRequest: no NUL or
 * control characters in any string, then the schema); invalid input is a 400 naming the first problem.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, what = 'body'): v.InferOutput<S> {
  const result = parseRequest(schema, input);
  if (result.success) return result.output;
  throw invalid(what, result.path, result.message);
}

/**
 * The same text rule for what routes read without a contract (user-agent, tenant, tenantLanguage,
 * query strings, bodies read field by field): every header, query value, route parameter and body
 * of every request is checked before its handler runs, so nothing with a NUL reaches storage.
 */
export function installInputGuard(app: FastifyInstance): void {
  // callback hooks: every request passes them, and a promise per hook is measurable CPU
  app.addHook('onRequest', (request, _reply, done) => {
    for (const [what, value] of [
      ['headers', request.headers],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const path = findForbiddenText(value);
      if (path !== undefined) return done(invalid(what, path, FORBIDDEN_TEXT_MESSAGE));
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const path = findForbiddenText(request.body);
    done(path === undefined ? undefined : invalid('body', path, FORBIDDEN_TEXT_MESSAGE));
  });
}

function isFastifyError(error: unknown): error is FastifyError & { statusCode: number } {
  return error instanceof Error && typeof (error as FastifyError).statusCode === 'number';
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).send(error.toEnvelope());
}

/** One error handler for the whole server: every failure keeps the envelope; bad input is never a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (isFastifyError(error) && error.statusCode >= 400 && error.statusCode < 500) {
      // malformed JSON, unsupported media type, body too large, …
      request.log.info({ code: error.code }, error.message);
      const code =
        error.statusCode === 401
          ? INFORMATION_CODES.unauthorized
          : error.statusCode === 404
            ? INFORMATION_CODES.notFound
            : INFORMATION_CODES.badRequest;
      return reply.code(error.statusCode).send(fail(error.statusCode, formatPhrase(es.request.invalid, { detail: error.message }), code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(500, MESSAGES.serverError, INFORMATION_CODES.serverError));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail(404, MESSAGES.notFound, INFORMATION_CODES.notFound));
  });
}

/**
 * Fastify's `frameworkErrors`: failures found before routing (a malformed URL such as
 * `/brand/%ZZ`, a path parameter over its length) answer in the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  request.log.info({ code: error.code }, error.message);
  // answered before routing and the hooks: rendered in the caller's language, and secured, here
  setErrorReplyHeaders(reply);
  const language = requestLanguage(request);
  if (status >= 500) {
    reply.code(500).send(localizeEnvelope(fail(500, MESSAGES.serverError, INFORMATION_CODES.serverError), language));
    return;
  }
  reply.code(status).send(localizeEnvelope(fail(status, MESSAGES.badHttpRequest, INFORMATION_CODES.badRequest), language));
}

/**
 * Node's `clientError` (Fastify's `clientErrorHandler`): requests the HTTP parser refuses —
 * headers too large (431), a request that did not arrive within REQUEST_TIMEOUT_MS (408),
 * anything unparsable (400) — answer in the envelope, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  // a reset connection has nobody left to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, information, informationCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.requestTimeout, INFORMATION_CODES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.headersTooLarge, INFORMATION_CODES.headersTooLarge]
        : [400, MESSAGES.badHttpRequest, INFORMATION_CODES.badRequest];
  this.log.debug({ code: error.code }, 'client error');
  // never write into the middle of a response already on its way (pipelined requests)
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(fail(status, information, informationCode));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
