import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, MESSAGES, sessionsApi } from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import type { AuthUser } from '../../security/auth';

/**
 * POST /api/user/validatesession: binds the caller's hub connection (header connectionId, from
 * the hub's GetConnectionId) to the session of the caller's access token — only to that one — so
 * a revocation of the session reaches the connection (ReceiveSessionStatus) — whichever instance
 * holds the connection.
 */
export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { hub } = app.ctx;

  route(
    app,
    sessionsApi.validateSession,
    async ({ headers: { connectionId } }, request) => {
      const user = request.user as AuthUser;
      // the WebSocket may be held by another instance: it is asked over the bus
      const outcome = await hub.bindAnywhere(connectionId, { sessionId: user.sessionId as string, userId: user.id });
      // a connection already tied to another user stays with it
      if (outcome === 'other-user') throw new ApiError(403, MESSAGES.forbidden, INFORMATION_CODES.forbidden);
      if (outcome === 'unknown') throw new ApiError(404, MESSAGES.connectionUnknown, INFORMATION_CODES.notFound);
      return { statusCode: 200, result: { information: MESSAGES.sessionBound, informationCode: INFORMATION_CODES.success } };
    },
    { noStore: true },
  );
}
