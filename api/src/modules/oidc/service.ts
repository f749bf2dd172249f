import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PATHS } from '@suite/shared/federation';
import * as client from 'openid-client';
import {
  INFORMATION_CODES,
  MESSAGES,
  OIDC_MESSAGES,
  USER_STATE,
  type ConnectOidcHeaders,
  type ConnectOidcResult,
  type GenerateTokenOidcRequest,
  type LoginResult,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { recordAudit } from '../../security/audit';
import { blockedError } from '../auth/credentials';
import type { LoginUser, SignInApplication } from '../auth/lockout';
import { startSession } from '../auth/service';
import { resolveProfile } from '../applications/profiles';
import { PAPE_MULTI_FACTOR, providerUsedSecondFactor } from './assurance';
import { providerFor, type OidcClientSettings } from './config';
import {
  claimRequest,
  isActive,
  linkIdentity,
  linkedUser,
  signInApplication,
  storeRequest,
  touchIdentity,
  usersWithVerifiedEmail,
} from './queries';

/** The cookie that binds a request in flight to the browser that started it (login CSRF). */
export const OIDC_BINDING_COOKIE = 'suite_oidc';
/** How long a person has to sign in at the provider and come back. */
export const OIDC_REQUEST_SECONDS = 600;
/** How long a provider's discovered metadata is reused before it is read again. */
const DISCOVERY_TTL_MS = 15 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

const notOffered = () => new ApiError(400, OIDC_MESSAGES.notOffered, INFORMATION_CODES.badRequest);
const unavailable = () => new ApiError(503, OIDC_MESSAGES.providerUnavailable, INFORMATION_CODES.unavailable);
const requestInvalid = () => new ApiError(401, OIDC_MESSAGES.requestInvalid, INFORMATION_CODES.unauthorized);
const exchangeRefused = () => new ApiError(401, OIDC_MESSAGES.exchangeRefused, INFORMATION_CODES.unauthorized);
const notLinked = () => new ApiError(403, OIDC_MESSAGES.notLinked, INFORMATION_CODES.forbidden);

/** The application, open for sign-in: unknown 400, inactive R21, in maintenance R23 (as every sign-in). */
async function openApplication(ctx: AppContext, name: string): Promise<SignInApplication> {
  const application = await signInApplication(ctx.db, name);
  if (!application) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
  if (application.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
  if (application.in_maintenance)
    throw new ApiError(403, application.maintenance_message || MESSAGES.applicationMaintenance, INFORMATION_CODES.applicationMaintenance);
  return application;
}

/** The account's state refuses a sign-in the way the password sign-in does (R14, A20, R22). */
async function refuseClosedAccount(ctx: AppContext, application: SignInApplication, user: LoginUser): Promise<void> {
  if (isActive(user)) return;
  if (user.idstate === USER_STATE.pendingActivation) throw new ApiError(403, MESSAGES.userNotActivated, INFORMATION_CODES.notActivated);
  if (user.idstate === USER_STATE.blocked) throw await blockedError(ctx.db, application);
  throw new ApiError(403, MESSAGES.userInactive, INFORMATION_CODES.userInactive);
}

export type OidcFlows = ReturnType<typeof oidcFlows>;

/**
 * External sign-in (docs/security/oidc.md): the authorization-code flow with PKCE, state and nonce
 * kept server-side, the exchange on the server with openid-client, the account found by its link
 * (issuer, subject) or linked once by an e-mail both sides have verified, then the session every
 * sign-in starts.
 */
export function oidcFlows(ctx: AppContext) {
  const { db, config, directory } = ctx;
  const discovered = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  /** The provider's metadata and our client at it, discovered once per TTL (a failure is not kept). */
  function clientOf(provider: OidcClientSettings): Promise<client.Configuration> {
    const key = `${provider.issuer}\n${provider.clientId}`;
    const cached = discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const configuration = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      {
        // plain http only outside production: the local provider
        execute: config.production ? [] : [client.allowInsecureRequests],
        timeout: 10,
      },
    );
    discovered.set(key, { at: Date.now(), configuration });
    configuration.catch(() => discovered.delete(key));
    return configuration;
  }

  return {
    /** GET connect-ciam-oidc: a request in flight, bound to this browser; the provider's authorization URL. */
    async connect(request: FastifyRequest, reply: FastifyReply, headers: ConnectOidcHeaders): Promise<ConnectOidcResult> {
      const application = await openApplication(ctx, headers.appName);
      const snapshot = await directory.snapshot();
      const tenant = snapshot.findTenant(application.name, headers.tenant);
      if (!resolveProfile(snapshot, application.name, tenant).externalSignIn) throw notOffered();
      const provider = providerFor(config.oidc, application.name, tenant);
      if (!provider) throw notOffered();
      let configuration: client.Configuration;
      try {
        configuration = await clientOf(provider);
      } catch (err) {
        request.log.warn({ err, issuer: provider.issuer }, 'identity provider discovery failed');
        throw unavailable();
      }
      const redirectUri = `${publicOrigin(config, application.name, tenant)}${PATHS.signInCredentialCallback}`;
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const binding = randomBytes(32).toString('base64url');
      await storeRequest(db, {
        stateHash: sha256(state),
        bindingHash: sha256(binding),
        applicationId: application.id,
        tenant,
        issuer: provider.issuer,
        redirectUri,
        nonce,
        codeVerifier,
        seconds: OIDC_REQUEST_SECONDS,
      });
      reply.setCookie(OIDC_BINDING_COOKIE, binding, {
        path: '/api/login',
        httpOnly: true,
        // the provider's redirect back is a top-level navigation: Lax still sends it to our POST from that page
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: OIDC_REQUEST_SECONDS,
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ui_locales: headers.tenantLanguage.toLowerCase(),
      });
      return { url: url.href };
    },

    /**
     * POST generate-token-oidc: spends the request of `state` (only from the browser that started
     * it), exchanges the code with the provider (PKCE verifier, nonce and ID token checked by
     * openid-client), finds or links the account, and starts the session.
     */
    async exchange(request: FastifyRequest, reply: FastifyReply, body: GenerateTokenOidcRequest): Promise<LoginResult> {
      const binding = request.cookies[OIDC_BINDING_COOKIE];
      if (!binding) throw requestInvalid();
      const application = await openApplication(ctx, body.appName);
      const pending = await claimRequest(db, body.state === undefined ? undefined : sha256(body.state), sha256(binding));
      reply.clearCookie(OIDC_BINDING_COOKIE, { path: '/api/login' });
      if (!pending || pending.application_id !== application.id) throw requestInvalid();
      const provider = providerFor(config.oidc, application.name, pending.tenant ?? undefined);
      if (!provider || provider.issuer !== pending.issuer) throw requestInvalid();

      const callback = new URL(pending.redirect_uri);
      callback.searchParams.set('code', body.code);
      if (body.state) callback.searchParams.set('state', body.state);
      // RFC 9207: the issuer the provider named; a client that does not pass it on (the product's four
      // fields) gets the issuer of its request in flight, the only one its code is ever sent to
      callback.searchParams.set('iss', body.iss ?? pending.issuer);
      let subject: string;
      let email: string | undefined;
      let emailVerified = false;
      let multiFactor = false;
      try {
        const configuration = await clientOf(provider);
        const tokens = await client.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: pending.code_verifier,
          // without state the request is the one of this browser's binding cookie; PKCE and the nonce still tie the code to it
          expectedState: body.state ?? client.skipStateCheck,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        subject = idToken.sub;
        multiFactor = providerUsedSecondFactor(idToken, provider.mfaAcr ?? [PAPE_MULTI_FACTOR]);
        // providers put the e-mail in the ID token or only at the userinfo endpoint (of the same subject)
        const profile = idToken.email === undefined ? await client.fetchUserInfo(configuration, tokens.access_token, subject) : idToken;
        email = typeof profile.email === 'string' ? profile.email : undefined;
        emailVerified = profile.email_verified === true;
      } catch (err) {
        request.log.warn(
          { err: err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err, issuer: provider.issuer },
          'external sign-in refused by the provider',
        );
        throw exchangeRefused();
      }

      let user = await linkedUser(db, provider.issuer, subject);
      if (!user) {
        // a link by e-mail only when the provider and this suite both say the address is its holder's
        // (an unverified e-mail would let whoever registers it at the provider take the account over)
        if (!emailVerified || !email) throw notLinked();
        const candidates = await usersWithVerifiedEmail(db, email);
        const proven = candidates.filter((c) => c.email_verified_at !== null);
        if (candidates.length !== 1 || proven.length !== 1) throw notLinked();
        const [candidate] = proven;
        await refuseClosedAccount(ctx, application, candidate);
        await db.transaction().execute(async (trx) => {
          if (await linkIdentity(trx, { issuer: provider.issuer, subject, userId: candidate.id, email, linkedBy: 'email' })) {
            await recordAudit(trx, {
              actor: { id: candidate.id, userName: candidate.user_name },
              action: 'external_identity.link',
              entity: 'user',
              entityId: candidate.id,
              after: { issuer: provider.issuer, subject, email, linkedBy: 'email' },
            });
          }
        });
        // a concurrent first sign-in may have linked it first: the link decides
        user = await linkedUser(db, provider.issuer, subject);
        if (!user) throw notLinked();
      }
      await refuseClosedAccount(ctx, application, user);

      const result = await startSession(ctx, request, {
        application,
        user,
        // names no lockout counter: the external sign-in proves no password and clears none
        subject: `oidc:${provider.issuer}#${subject}`,
        tenant: pending.tenant ?? undefined,
        way: 'external',
        // the application's second step, unless the provider says it asked for a second factor itself
        secondStepDone: multiFactor,
        auditDetails: { issuer: provider.issuer, subject, ...(multiFactor ? { secondFactor: 'provider' } : {}) },
      });
      await touchIdentity(db, provider.issuer, subject);
      request.log.info({ userId: user.id, app: application.name, issuer: provider.issuer }, 'signed in through an identity provider');
      return result;
    },
  };
}
