import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INFORMATION_CODES,
  PROVIDER_INTERACTION_PARAM,
  PROVIDER_MESSAGES,
  ProviderInteractionIdSchema,
  providerApi,
} from '@suite/shared/contracts';
import { PATHS } from '@suite/shared/federation';
import * as v from 'valibot';
import { ApiError } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { route } from '../../http/route';
import { randomToken } from '../../security/random';
import { resolveStoredSecret } from '../../security/settings';
import { hashCode } from '../auth/service';
import { PgModelAdapter } from './adapter';
import { endProviderSessions } from './logout';
import { createProvider, INTERACTION_PATH, PROVIDER_PREFIX, type OidcProvider } from './provider';
import { linkedLiveSessions, openApplicationOfClient, sessionApplicationId, spendHandoff, storeHandoff } from './queries';

/** The provider's cookie-signing key, kept in `settings` (the same on every instance). */
export const PROVIDER_COOKIE_SETTING = 'oidc.cookie-key';
/** How long the browser has to bring a hand-over code to the provider's origin. */
export const HANDOFF_SECONDS = 60;

const requestExpired = () => new ApiError(400, PROVIDER_MESSAGES.requestExpired, INFORMATION_CODES.badRequest);
const otherApplication = () => new ApiError(403, PROVIDER_MESSAGES.otherApplication, INFORMATION_CODES.forbidden);

const uidOf = (request: FastifyRequest): string => {
  const parsed = v.safeParse(ProviderInteractionIdSchema, (request.params as { uid?: unknown }).uid);
  if (!parsed.success) throw requestExpired();
  return parsed.output;
};

/**
 * The suite's OpenID provider at its public origin (docs/adr/0036-openid-provider.md):
 * oidc-provider's endpoints under /oidc and the discovery document; the interaction pages that
 * send the browser to the portal's sign-in in the client's application and bring it back.
 *
 * A sign-in request goes: /oidc/auth → /oidc/interaction/:uid (here: on to the application's
 * /login?interaction=uid) → the portal signs the person in as always → POST handoff (the page's
 * session, for a single-use code) → /oidc/interaction/:uid/complete?code= (here, on the provider's
 * origin where the interaction's cookie is: the code spent, the interaction finished as the
 * session's person) → the client's redirect URI with the authorization code.
 */
export default async function providerRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, keys, access } = app.ctx;
  const cookieKey = await resolveStoredSecret(db, PROVIDER_COOKIE_SETTING);
  const interactions = new PgModelAdapter(db, 'Interaction');

  // built again when the signing keys change (a rotation step, here or on another instance)
  let built:
    | { generation: number; provider: Promise<{ provider: OidcProvider; handle: ReturnType<OidcProvider['callback']> }> }
    | undefined;
  const current = () => {
    if (!built || built.generation !== keys.generation) {
      const provider = createProvider({
        db,
        config,
        keys,
        access,
        cookieKey,
        onSignedOut: async (sessionUid) => {
          await app.ctx.sessions.revoke(await linkedLiveSessions(db, sessionUid), 'logout');
        },
        onError: (err) => app.log.error({ err }, 'OpenID provider error'),
      });
      built = { generation: keys.generation, provider: provider.then((p) => ({ provider: p, handle: p.callback() })) };
    }
    return built.provider;
  };
  await current();
  // a suite session ended here: so do the provider sessions standing on it, and their clients are told
  app.ctx.sessions.onRevoked(async (ids) =>
    endProviderSessions(db, (await current()).provider, ids, (details, message) => app.log.warn(details, message)),
  );

  // every address the provider writes is on the issuer's origin, whatever Host the request came with
  const issuer = new URL(config.publicUrl);
  const anchored = (request: FastifyRequest) => {
    const headers = request.raw.headers;
    headers.host = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    delete headers['x-forwarded-host'];
    return request.raw;
  };

  /** The interaction of this browser (its cookie) with this id, or a 400. */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    const { provider } = await current();
    anchored(request);
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== uid) throw requestExpired();
    return { provider, details };
  };

  // the provider's interaction: on to the portal's sign-in, in the look of the client's application
  app.get(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    const uid = uidOf(request);
    const { provider, details } = await interactionOf(request, reply, uid);
    const application = await openApplicationOfClient(db, details.params.client_id ?? '');
    if (!application) {
      reply.hijack();
      return provider.interactionFinished(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'the application is closed',
      });
    }
    const login = new URL(PATHS.login, publicOrigin(config, application.name));
    login.searchParams.set(PROVIDER_INTERACTION_PARAM, uid);
    return reply.redirect(login.toString(), 303);
  });

  // the portal's page signed in: a single-use code for the browser to bring to the provider's origin
  route(app, providerApi.handoff, async ({ body }, request) => {
    const sessionId = request.user?.sessionId;
    if (!sessionId) throw otherApplication();
    const interaction = await interactions.find(body.interaction);
    const clientId = (interaction?.params as { client_id?: string } | undefined)?.client_id;
    if (!interaction || !clientId) throw requestExpired();
    const application = await openApplicationOfClient(db, clientId);
    if (!application || (await sessionApplicationId(db, sessionId)) !== application.id) throw otherApplication();
    const code = randomToken(32, 'base64url');
    await storeHandoff(db, { codeHash: hashCode(code), interactionUid: body.interaction, sessionId, seconds: HANDOFF_SECONDS });
    const url = new URL(`${INTERACTION_PATH}/${body.interaction}/complete`, config.publicUrl);
    url.searchParams.set('code', code);
    return { statusCode: 200, result: { url: url.toString() } };
  });

  // back on the provider's origin: the code spent, the interaction finished as the session's person
  app.get(`${INTERACTION_PATH}/:uid/complete`, async (request, reply) => {
    const uid = uidOf(request);
    const code = (request.query as { code?: unknown }).code;
    if (typeof code !== 'string' || code.length > 100) throw requestExpired();
    const { provider } = await interactionOf(request, reply, uid);
    const signedIn = await spendHandoff(db, hashCode(code), uid);
    if (!signedIn) throw requestExpired();
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, {
      login: { accountId: signedIn.user_id, amr: ['pwd'] },
      // the person signed in on the portal for this request: that is the interaction a native
      // client's request needs (RFC 8252 §8.6); the grant itself is the suite's (provider.ts)
      consent: {},
      suiteSession: signedIn.session_id,
    });
  });

  // oidc-provider's own endpoints; it reads its own request bodies
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { handle: callback } = await current();
      reply.hijack();
      callback(anchored(request), reply.raw);
    };
    scope.route({ method: ['GET', 'POST'], url: `${PROVIDER_PREFIX}/*`, handler: handle });
    scope.get('/.well-known/openid-configuration', handle);
  });
}
