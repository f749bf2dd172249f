import * as v from 'valibot';
import { ErrorResultSchema } from './envelope';
import { CLIENT_CONFIG_PATH, JWKS_PATH, REMOTES_REGISTRY_PATH } from './config';
import { LoginRequestSchema, LoginResultSchema } from './login';
import { CAPTCHA_CHALLENGE_PATH } from './otp-reset';
import {
  GenerateTokensRequestSchema,
  GenerateTokensResultSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResultSchema,
  RevokeTokenRequestSchema,
  RevokeTokenResultSchema,
  TokenValidationHeadersSchema,
  TokenValidationResultSchema,
  ValidateSessionHeadersSchema,
} from './tokens';
import { endpoint, type Endpoint } from './endpoint';

/** Headers the sign-in reads besides its body (the tenant and the device's browser). */
const LoginHeadersSchema = v.object({ tenant: v.optional(v.string()), 'user-agent': v.optional(v.string()) });

/** A captcha challenge as the `altcha` widget reads it (altcha-lib v2). */
const CaptchaChallengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    expiresAt: v.optional(v.number()),
  }),
  signature: v.optional(v.string()),
});

/** The hub negotiation's query string (SignalR). */
const NegotiateQuerySchema = v.object({ negotiateVersion: v.optional(v.string()) });

/**
 * Sign-in, tokens, the session's checks, the hub's negotiation, the client configuration and the
 * captcha (docs/product/sign-in.md, docs/product/sessions.md).
 */
export const sessionsApi = {
  /** The portal's sign-in (docs/product/sign-in.md, Outcomes): refusals by informationCode (docs/security/codes.md). */
  login: endpoint({
    method: 'POST',
    path: '/api/Login',
    summary: 'Sign in',
    tag: 'auth',
    body: LoginRequestSchema,
    headers: LoginHeadersSchema,
    result: LoginResultSchema,
    access: 'public',
  }),
  jwks: endpoint({
    method: 'GET',
    path: JWKS_PATH,
    summary: 'Public keys that verify access tokens (JWKS)',
    tag: 'auth',
    raw: true,
    access: 'public',
  }),
  /** Rotation with reuse detection: every refresh token works once. */
  refreshToken: endpoint({
    method: 'POST',
    path: '/api/Login/RefreshToken',
    summary: 'Rotate a refresh token for new tokens',
    tag: 'auth',
    body: RefreshTokenRequestSchema,
    result: RefreshTokenResultSchema,
    access: 'public',
  }),
  /** The sign-out; public, as external applications revoke with the refresh token alone. */
  revokeToken: endpoint({
    method: 'PUT',
    path: '/api/login/RevokeToken',
    summary: 'Revoke a refresh token',
    tag: 'auth',
    body: RevokeTokenRequestSchema,
    result: RevokeTokenResultSchema,
    access: 'public',
  }),
  /** The token travels in the `token` header, so the call itself is public. */
  tokenValidation: endpoint({
    method: 'GET',
    path: '/api/login/TokenValidation',
    summary: 'Validate an access token',
    tag: 'auth',
    headers: TokenValidationHeadersSchema,
    result: TokenValidationResultSchema,
    access: 'public',
  }),
  /** The single-use code a sign-in gave an application in another origin. */
  generateTokens: endpoint({
    method: 'POST',
    path: '/api/login/GenerateTokens',
    summary: 'Exchange a sign-in code for tokens',
    tag: 'auth',
    body: GenerateTokensRequestSchema,
    result: GenerateTokensResultSchema,
    access: 'public',
  }),
  /** Binds the caller's hub connection to the session of its access token. */
  validateSession: endpoint({
    method: 'POST',
    path: '/api/user/validatesession',
    summary: "Tell whether the caller's session is live",
    tag: 'sessions',
    headers: ValidateSessionHeadersSchema,
    result: ErrorResultSchema,
    access: 'session',
  }),
  /** The hub's path is the API's default one; a hub served elsewhere keeps this declaration's other parts. */
  hubNegotiate: endpoint({
    method: 'POST',
    path: '/api/connections/session/negotiate',
    summary: 'Negotiate a session hub connection (SignalR)',
    tag: 'hub',
    query: NegotiateQuerySchema,
    raw: true,
    access: 'public',
  }),
  captchaChallenge: endpoint({
    method: 'GET',
    path: CAPTCHA_CHALLENGE_PATH,
    summary: 'A captcha challenge (ALTCHA proof of work) for the sign-in screens',
    tag: 'auth',
    raw: CaptchaChallengeSchema,
    access: 'public',
  }),
  remotesRegistry: endpoint({
    method: 'GET',
    path: REMOTES_REGISTRY_PATH,
    summary: 'Registry of the micro-frontends',
    tag: 'portal',
    raw: true,
    access: 'public',
  }),
  /** Carries the page's portal profile too, so that the page reads both at start in one request. */
  clientConfig: endpoint({
    method: 'GET',
    path: CLIENT_CONFIG_PATH,
    summary: "Client configuration and the page's portal profile",
    tag: 'portal',
    raw: true,
    access: 'public',
  }),
} as const satisfies Record<string, Endpoint>;
