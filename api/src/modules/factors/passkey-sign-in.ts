import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  APP_PARAMETERS,
  FACTOR_MESSAGES,
  INFORMATION_CODES,
  MESSAGES,
  type LoginResult,
  type PasskeyRequest,
  type PasskeySignInRequestSchema,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { first } from '../../http/headers';
import { checkSecondFactor } from '../auth/credentials';
import { deviceOf } from '../auth/devices';
import { startSession } from '../auth/service';
import { requestOptions, userHandleOf, verifyAnswer } from './passkeys';
import { passkeyByCredential } from './queries';
import { limitAddress } from './service';

/**
 * 'Ingresar con llave de acceso' (docs/adr/0037-second-factors.md): where the application's
 * `passkeySignIn` is on, a discoverable passkey that verified the person (PIN, biometrics) signs
 * them in without a user name or password — both factors at once, so no second step follows. The
 * account's lockout, block and state apply as to any sign-in; a refused answer counts on it.
 */

/** The application, when it offers the passkey sign-in (read from the database: a change holds on every instance). */
async function passkeyApplication(ctx: AppContext, appName: string): Promise<{ id: number; name: string }> {
  const row = await ctx.db
    .selectFrom('applications as a')
    .leftJoin('application_parameters as p', (join) =>
      join.onRef('p.application_id', '=', 'a.id').on('p.name', '=', APP_PARAMETERS.passkeySignIn),
    )
    .select(['a.id', 'a.name', 'p.value'])
    .where('a.name', '=', appName)
    .executeTakeFirst();
  if (!row) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
  if (row.value !== true) throw new ApiError(400, FACTOR_MESSAGES.passkeySignInOff, INFORMATION_CODES.badRequest);
  return { id: row.id, name: row.name };
}

export async function passkeySignInOptions(ctx: AppContext, appName: string): Promise<PasskeyRequest> {
  const application = await passkeyApplication(ctx, appName);
  return { options: await requestOptions(ctx, { purpose: 'sign_in', applicationId: application.id }, undefined) };
}

export async function signInWithPasskey(
  ctx: AppContext,
  request: FastifyRequest,
  body: v.InferOutput<typeof PasskeySignInRequestSchema>,
): Promise<LoginResult> {
  const { db, config } = ctx;
  await limitAddress(ctx, request);
  const application = await passkeyApplication(ctx, body.appname);
  const passkey = await passkeyByCredential(db, body.passkey.id);
  const holder = passkey
    ? await db.selectFrom('users').select('user_name').where('id', '=', passkey.userId).where('deleted', '=', false).executeTakeFirst()
    : undefined;
  if (!passkey || !holder) throw new ApiError(401, FACTOR_MESSAGES.passkeyUnknown, INFORMATION_CODES.badCredentials);

  const handle = body.passkey.response.userHandle;
  const verified = await checkSecondFactor(
    { db, lockout: config.lockout },
    request,
    { appName: application.name, userName: holder.user_name, device: deviceOf(request), step: 'passkey' },
    async (user) =>
      user.id === passkey.userId &&
      (handle === undefined || handle === Buffer.from(userHandleOf(user.id)).toString('base64url')) &&
      verifyAnswer(ctx, passkey, body.passkey, { purpose: 'sign_in', applicationId: application.id }, { requireUserVerification: true }),
  );
  return startSession(ctx, request, {
    application: verified.application,
    user: verified.user,
    subject: verified.subject,
    tenant: first(request.headers.tenant),
    idSessionTab: body.idSessionTab,
    browser: body.Browser,
    device: verified.device,
    way: 'passkey',
    secondStepDone: true,
    auditDetails: { factor: passkey.id },
  });
}
