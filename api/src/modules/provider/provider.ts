import type http from 'node:http';
import type { Kysely } from 'kysely';
import { JWKS_PATH } from '@suite/shared/contracts';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { AccessGrants } from '../access/grants';
import type { KeyStore } from '../../security/keys';
import { adapterFactory, tokenEndpointRequest } from './adapter';
import { errorPage, pageLanguage, providerPagePolicy, signedOutPage, signOutPage } from './pages';
import { PROVIDER_SCOPES, clientSecretMatches, ID_TOKEN_ALG } from './clients';
import { accountClaims, clientLanguage, linkProviderSession, liveSessionOf, openApplicationOfClient } from './queries';

/** Where the provider's endpoints live under the suite's public origin. */
export const PROVIDER_PREFIX = '/oidc';
export const PROVIDER_ROUTES = {
  authorization: `${PROVIDER_PREFIX}/auth`,
  token: `${PROVIDER_PREFIX}/token`,
  userinfo: `${PROVIDER_PREFIX}/me`,
  jwks: `${PROVIDER_PREFIX}/jwks`,
  revocation: `${PROVIDER_PREFIX}/token/revocation`,
  introspection: `${PROVIDER_PREFIX}/token/introspection`,
  end_session: `${PROVIDER_PREFIX}/session/end`,
} as const;
/** The provider's interaction pages: ours, which send the browser on to the portal's sign-in. */
export const INTERACTION_PATH = `${PROVIDER_PREFIX}/interaction`;

/** Lifetimes, in seconds (the refresh token's follows the application's own setting). */
export const PROVIDER_TTL = {
  AuthorizationCode: 60,
  Interaction: 600,
  Session: 14 * 86_400,
  Grant: 14 * 86_400,
  IdToken: 3_600,
  AccessToken: 600,
};

/* The parts of oidc-provider's API used here (it ships no types). */
export interface ProviderClient {
  clientId: string;
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}
interface ProviderSession {
  uid: string;
  state?: { postLogoutRedirectUri?: string };
  accountId?: string;
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
}
export interface ProviderContext {
  body?: unknown;
  type?: string;
  set(header: string, value: string): void;
  status?: number;
  path?: string;
  oidc: {
    route?: string;
    params?: Record<string, unknown>;
    client?: ProviderClient;
    session?: ProviderSession;
    result?: Record<string, unknown>;
    entities: { RefreshToken?: { sessionUid?: string }; AccessToken?: { sessionUid?: string } };
    provider: OidcProvider;
  };
}
interface GrantLike {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
type GrantConstructor = new (init: { clientId: string; accountId: string }) => GrantLike;
export interface InteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[] };
  params: Record<string, string | undefined>;
  session?: { uid?: string; accountId?: string };
}
export interface OidcProvider {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: Record<string, unknown>): Promise<void>;
  use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
  Client: {
    find(id: string): Promise<ProviderClient | undefined>;
    prototype: { compareClientSecret(this: { clientSecret: string }, actual: string): boolean };
  };
  Session: { findByUid(uid: string): Promise<(ProviderSession & { destroy(): Promise<void> }) | undefined> };
  Grant: { find(id: string): Promise<{ destroy(): Promise<void> } | undefined> } & GrantConstructor;
  proxy: boolean;
  on(event: string, listener: (...args: unknown[]) => void): void;
}

interface CheckClass {
  new (reason: string, description: string, check: (ctx: ProviderContext) => Promise<boolean> | boolean): unknown;
  REQUEST_PROMPT: boolean;
  NO_NEED_TO_PROMPT: boolean;
}
interface PolicyLike {
  get(name: string): { checks: { add(check: unknown, index?: number): void } } | undefined;
}

export interface ProviderDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'publicUrl' | 'production' | 'refreshReuseGraceSeconds'>;
  keys: KeyStore;
  access: AccessGrants;
  cookieKey: string;
  /** A person confirmed an application's logout request: the suite session the provider session stood on ends too. */
  onSignedOut: (sessionUid: string) => Promise<void>;
  onError?: (error: unknown) => void;
}

/** The koa context of a page the provider renders. */
interface PageContext {
  type: string;
  body: string;
  oidc?: { params?: { ui_locales?: unknown; client_id?: unknown }; client?: { clientId: string } };
}

/**
 * Builds the suite's OpenID provider (docs/adr/0036-openid-provider.md) on oidc-provider: its
 * state in PostgreSQL, the applications' registrations as its clients, the suite's active key
 * signing the ID tokens, and the portal's own sign-in as its only interaction. A provider session
 * stands on the suite session that signed in: a check of the login prompt asks again as soon as
 * that session ended or the client's application is closed.
 */
export async function createProvider(deps: ProviderDeps): Promise<OidcProvider> {
  const { db, config, keys, access } = deps;
  // ESM-only package, loaded when the provider is built
  const module = (await import('oidc-provider')) as unknown as {
    default: new (issuer: string, configuration: object) => OidcProvider;
    interactionPolicy: { base(): PolicyLike; Check: CheckClass };
  };
  const { default: Provider, interactionPolicy } = module;
  const { Check } = interactionPolicy;
  // the request's ui_locales, else the language of the client's application
  const languageOf = async (ctx: PageContext) => {
    const params = ctx.oidc?.params;
    const clientId = ctx.oidc?.client?.clientId ?? (typeof params?.client_id === 'string' ? params.client_id : undefined);
    const uiLocales = typeof params?.ui_locales === 'string' ? params.ui_locales : undefined;
    return pageLanguage(uiLocales, clientId ? await clientLanguage(db, clientId) : undefined);
  };

  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new Check('suite_session_ended', 'the suite session ended', async (ctx) => {
      const { session, client, result } = ctx.oidc;
      if (!session?.accountId) return Check.NO_NEED_TO_PROMPT;
      // a sign-in just handed over (routes.ts): the provider session now stands on its suite session
      if (typeof result?.suiteSession === 'string') await linkProviderSession(db, session.uid, result.suiteSession);
      const live = await liveSessionOf(db, session.uid);
      if (!live || live.user_id !== session.accountId) return Check.REQUEST_PROMPT;
      return client && !(await openApplicationOfClient(db, client.clientId)) ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
    }),
  );

  const provider = new Provider(config.publicUrl, {
    adapter: adapterFactory(db, config.refreshReuseGraceSeconds),
    clients: [],
    jwks: { keys: [keys.privateJwk()] },
    routes: PROVIDER_ROUTES,
    scopes: [...PROVIDER_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'given_name', 'family_name', 'locale', 'tenant'],
      email: ['email', 'email_verified'],
      privileges: ['privileges'],
    },
    pkce: { required: () => true, methods: ['S256'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: PageContext, form: string) {
          ctx.type = 'html';
          ctx.body = signOutPage(await languageOf(ctx), form);
        },
        async postLogoutSuccessSource(ctx: PageContext) {
          ctx.type = 'html';
          ctx.body = signedOutPage(await languageOf(ctx));
        },
      },
    },
    enabledJWA: { idTokenSigningAlgValues: [ID_TOKEN_ALG], userinfoSigningAlgValues: [ID_TOKEN_ALG] },
    clientDefaults: { id_token_signed_response_alg: ID_TOKEN_ALG, grant_types: ['authorization_code'], response_types: ['code'] },
    responseTypes: ['code'],
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
    cookies: {
      keys: [deps.cookieKey],
      long: { signed: true, secure: config.production, sameSite: 'lax' },
      short: { signed: true, secure: config.production, sameSite: 'lax' },
    },
    ttl: { ...PROVIDER_TTL, RefreshToken: PROVIDER_TTL.Session },
    rotateRefreshToken: true,
    // an error the provider cannot send back to the client (an unknown client or redirect URI, say)
    async renderError(ctx: PageContext, out: { error?: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = errorPage(await languageOf(ctx), out.error ?? 'server_error', out.error_description ?? '');
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    // the suite's applications are its own clients: the person is not asked to consent
    async loadExistingGrant(ctx: ProviderContext & { oidc: { params?: { scope?: string } } }) {
      const { oidc } = ctx;
      const { client, session } = oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.authorizations?.[client.clientId]?.grantId;
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(oidc.params?.scope ?? 'openid');
      await grant.save();
      return grant;
    },
    async findAccount(ctx: ProviderContext, sub: string) {
      const client = ctx.oidc.client;
      const sessionUid = ctx.oidc.session?.uid ?? ctx.oidc.entities.RefreshToken?.sessionUid ?? ctx.oidc.entities.AccessToken?.sessionUid;
      const claims = await accountClaims(db, sub, sessionUid);
      if (!claims) return undefined;
      return {
        accountId: sub,
        async claims() {
          const application = client ? await openApplicationOfClient(db, client.clientId) : undefined;
          const privileges = application ? [...(await access.privilegesOf(sub, application.name))].sort() : [];
          return { ...claims, privileges };
        },
      };
    },
  });
  // the routes set Host and X-Forwarded-Proto to the issuer's (routes.ts): read them
  provider.proxy = true;
  // a confidential client's stored secret is a hash (clients.ts)
  provider.Client.prototype.compareClientSecret = function compareClientSecret(actual: string) {
    return clientSecretMatches(this.clientSecret, actual);
  };
  provider.use(async (ctx, next) => {
    // a refresh token presented again within the suite's grace window is a retry (adapter.ts)
    if (ctx.path === PROVIDER_ROUTES.token) await tokenEndpointRequest.run(true, next);
    else await next();
    // the person said yes to an application's logout request: the provider session is gone, and
    // the suite session it stood on ends everywhere (its other clients are told by back-channel)
    // the provider's own pages carry a policy of their own (pages.ts)
    if (typeof ctx.body === 'string' && /html/.test(ctx.type ?? '')) {
      const back = ctx.oidc?.session?.state?.postLogoutRedirectUri;
      ctx.set('content-security-policy', providerPagePolicy(ctx.body, back ? [new URL(back).origin] : []));
    }
    // (a refused confirmation, a forged xsrf value say, is answered 400 and ends nothing)
    const { oidc } = ctx;
    if (oidc?.route === 'end_session_confirm' && ctx.status === 303 && oidc.params?.logout && oidc.session?.uid)
      await deps.onSignedOut(oidc.session.uid);
    // one JWKS for the suite: the next, active and previous keys (security/keys.ts), as rotation needs
    if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object')
      (ctx.body as Record<string, unknown>).jwks_uri = new URL(JWKS_PATH, config.publicUrl).toString();
  });
  if (deps.onError) provider.on('server_error', (_ctx, error) => deps.onError?.(error));
  return provider;
}
