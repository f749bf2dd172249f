import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { INFORMATION_CODES, MESSAGES, fail, type Envelope } from '@suite/shared/contracts';

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

/** Parses `input` with a valibot schema; invalid input is a 400 naming the first problem. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, what = 'body'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const where = v.getDotPath(issue);
  throw badRequest(`Solicitud inválida (${where ? `${what}.${where}` : what}): ${issue.message}`);
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
        error.statusCode === 401 ? INFORMATION_CODES.unauthorized : error.statusCode === 404 ? INFORMATION_CODES.notFound : INFORMATION_CODES.badRequest;
      return reply.code(error.statusCode).send(fail(error.statusCode, `Solicitud inválida: ${error.message}`, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(500, MESSAGES.serverError, INFORMATION_CODES.serverError));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail(404, MESSAGES.notFound, INFORMATION_CODES.notFound));
  });
}
