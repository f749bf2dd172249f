import type { FastifyInstance } from 'fastify';
import { accountFactorsApi, ok, passkeySignInApi, secondFactorApi, userFactorsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { passkeySignInOptions, signInWithPasskey } from './passkey-sign-in';
import { accountFactorsService, completeSecondStep, enrolDuringSignIn, passkeyStepOptions, userFactorsService } from './service';

/**
 * Second factors (docs/adr/0037-second-factors.md): the second step of a sign-in, under the
 * sign-in's rate limit, and a person's own factors (the /security page).
 */
export default async function factorRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const account = accountFactorsService(app.ctx);
  const users = userFactorsService(app.ctx);

  route(app, secondFactorApi.verify, async ({ body }, request) => ok(await completeSecondStep(app.ctx, request, body)), {
    config: limits.login,
    noStore: true,
  });
  route(app, secondFactorApi.enrolTotp, async ({ body }) => ok(await enrolDuringSignIn(app.ctx, body.challenge, body.name)), {
    config: limits.login,
    noStore: true,
  });

  route(app, secondFactorApi.passkeyOptions, async ({ body }) => ok(await passkeyStepOptions(app.ctx, body.challenge)), {
    config: limits.login,
    noStore: true,
  });
  route(app, passkeySignInApi.options, async ({ body }) => ok(await passkeySignInOptions(app.ctx, body.appname)), {
    config: limits.login,
    noStore: true,
  });
  route(app, passkeySignInApi.signIn, async ({ body }, request) => ok(await signInWithPasskey(app.ctx, request, body)), {
    config: limits.login,
    noStore: true,
  });

  route(app, accountFactorsApi.list, async (_input, request) => ok(await account.list(request)), { noStore: true });
  route(app, accountFactorsApi.startTotp, async ({ body }, request) => ok(await account.startTotp(request, body.password)), {
    config: limits.login,
    noStore: true,
  });
  route(app, accountFactorsApi.confirmTotp, async ({ body }, request) => ok(await account.confirmTotp(request, body)), {
    config: limits.login,
    noStore: true,
  });
  route(app, accountFactorsApi.startPasskey, async ({ body }, request) => ok(await account.startPasskey(request, body.password)), {
    config: limits.login,
    noStore: true,
  });
  route(app, accountFactorsApi.confirmPasskey, async ({ body }, request) => ok(await account.confirmPasskey(request, body)), {
    noStore: true,
  });
  route(app, accountFactorsApi.rename, async ({ params, body }, request) => ok(await account.rename(request, params.id, body.name)));
  route(app, accountFactorsApi.remove, async ({ params, body }, request) => ok(await account.remove(request, params.id, body.password)), {
    config: limits.login,
  });
  route(app, accountFactorsApi.recoveryCodes, async ({ body }, request) => ok(await account.recoveryCodes(request, body.password)), {
    config: limits.login,
    noStore: true,
  });

  // a person's factors in the users console
  route(app, userFactorsApi.list, async ({ params }) => ok(await users.list(params.id)), { noStore: true });
  route(app, userFactorsApi.remove, async ({ params }, request) => ok(await users.remove(request, params.id, params.factorId)));
}
