import type { FastifyInstance } from 'fastify';
import { ErrorResultSchema, INFORMATION_CODES, MESSAGES, ValidateSessionHeadersSchema, type Envelope, type ErrorResult } from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { first } from '../../http/headers';
import { authenticate, type AuthUser } from '../../security/auth';

/**
 * POST /api/user/validatesession: binds the caller's hub connection (header connectionId, from
 * the hub's GetConnectionId) to the session of the caller's access token — only to that one — so
 * a revocation of the session reaches the connection (ReceiveSessionStatus).
 */
export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { hub } = app.ctx;

  app.post('/api/user/validatesession', { preHandler: authenticate, config: { contract: { summary: "Tell whether the caller's session is live", tag: 'sessions', headers: ValidateSessionHeadersSchema, result: ErrorResultSchema, auth: true } } }, async (request, reply): Promise<Envelope<ErrorResult>> => {
    const { connectionId } = parseInput(ValidateSessionHeadersSchema, { connectionId: first(request.headers.connectionid) }, 'headers');
    const user = request.user as AuthUser;
    const current = hub.bindingOf(connectionId);
    if (current && current.userId !== user.id) {
      // a connection already tied to another user stays with it
      throw new ApiError(403, MESSAGES.forbidden, INFORMATION_CODES.forbidden);
    }
    if (!hub.bindConnection(connectionId, { sessionId: user.sessionId as string, userId: user.id })) {
      throw new ApiError(404, MESSAGES.connectionUnknown, INFORMATION_CODES.notFound);
    }
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result: { information: MESSAGES.sessionBound, informationCode: INFORMATION_CODES.success } };
  });
}
