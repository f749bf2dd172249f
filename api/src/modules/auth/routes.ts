import type { FastifyInstance } from 'fastify';
import {
  INFORMATION_CODES,
  JWKS_PATH,
  LoginRequestSchema,
  MESSAGES,
  USER_STATE,
  payloadCipher,
  durationSeconds,
  type Envelope,
  type LoginResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { decoyVerify, hashPassword, needsRehash, verifyPassword } from '../../security/passwords';
import { newRefreshToken, signAccessToken } from '../../security/tokens';
import { findApplication, findUserByUserName, loadUserAccess, recordSignIn } from './queries';

const DEFAULT_ACCESS_SECONDS = 3600;
const DEFAULT_REFRESH_SECONDS = 86_400;

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Sign-in (POST /api/Login) and the public keys that verify its tokens. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, keys, config, directory } = app.ctx;

  app.get(JWKS_PATH, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });

  app.post('/api/Login', async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(LoginRequestSchema, request.body);

    const application = await findApplication(db, body.appname);
    if (!application) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
    if (application.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);

    const password = payloadCipher.decryptPayload(body.password, app.ctx.payloadKey);
    if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);

    const user = await findUserByUserName(db, body.user);
    // unknown users and users without a password cost one argon2 verify too
    const valid = user?.password_hash ? await verifyPassword(user.password_hash, password) : await decoyVerify(password);
    if (!user || !valid) {
      throw new ApiError(401, MESSAGES.loginFailed, INFORMATION_CODES.badCredentials, {
        failedLoginInformation: { failedAttempts: 0, lockTime: 0 },
      });
    }
    // the account's state is only revealed to whoever knows its password
    if (user.idstate === USER_STATE.pendingActivation) {
      throw new ApiError(403, MESSAGES.userNotActivated, INFORMATION_CODES.notActivated);
    }
    if (user.idstate === USER_STATE.blocked) {
      throw new ApiError(403, MESSAGES.userBlocked, INFORMATION_CODES.blocked, { isBlocked: true });
    }
    if (user.idstate !== USER_STATE.active) {
      throw new ApiError(403, MESSAGES.userInactive, INFORMATION_CODES.userInactive);
    }

    const access = await loadUserAccess(db, user.id, application.id);
    const tenantHeader = headerValue(request.headers.tenant);
    const tenant = tenantHeader ? (await directory.snapshot()).findTenant(application.name, tenantHeader) : undefined;
    const refresh = newRefreshToken();
    const refreshSeconds = application.refresh_token_expiration_amount_time > 0
      ? durationSeconds(application.refresh_token_expiration_amount_time, application.refresh_token_expiration_time_unit)
      : DEFAULT_REFRESH_SECONDS;
    const { sessionId } = await recordSignIn(db, {
      userId: user.id,
      applicationId: application.id,
      tenant,
      idSessionTab: body.idSessionTab,
      ip: body.ip || request.ip,
      browser: body.Browser || headerValue(request.headers['user-agent']),
      refreshTokenHash: refresh.hash,
      refreshExpiresAt: new Date(Date.now() + refreshSeconds * 1000),
      newPasswordHash: needsRehash(user.password_hash as string) ? await hashPassword(password) : undefined,
    });

    const lifetimeSeconds = application.amount_time > 0 ? durationSeconds(application.amount_time, application.time_unit) : DEFAULT_ACCESS_SECONDS;
    const { token } = await signAccessToken(
      keys,
      { issuer: config.tokenIssuer, audience: application.name, sessionId, lifetimeSeconds },
      {
        userId: user.id,
        userName: user.user_name,
        names: user.names,
        surnames: user.surnames,
        customerName: access.customerName,
        privileges: access.privileges,
        apps: access.apps,
      },
    );
    request.log.info({ userId: user.id, app: application.name, sessionId }, 'signed in');
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: {
        information: MESSAGES.loginSuccess,
        informationCode: INFORMATION_CODES.success,
        urlApp: application.url_app,
        token,
        refreshToken: refresh.value,
      },
    };
  });
}
