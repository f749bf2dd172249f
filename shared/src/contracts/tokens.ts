import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { USER_NAME_MAX } from './login';
import { maxMessage } from './validation';

/**
 * Token and session calls of the portal (docs/product/sessions.md, Calls): refresh, revoke,
 * validation, the single-use code exchange for applications in another origin, and the hub session
 * binding. Every reply is the usual envelope; refusals carry `result.information` /
 * `informationCode`.
 */

const userName = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX)));
const appName = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50)));
const opaque = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(200, maxMessage(200)));

/** POST /api/Login/RefreshToken body. */
export const RefreshTokenRequestSchema = v.object({
  RefreshToken: opaque,
  UserName: userName,
  Appname: appName,
});
export type RefreshTokenRequest = v.InferOutput<typeof RefreshTokenRequestSchema>;

/**
 * POST /api/Login/RefreshToken reply `result`: a new access token and the next refresh token
 * (the one sent is spent: every refresh token works once). 401 R101 when the refresh token, its
 * session or its family was revoked, or it was already used (which revokes the whole family and
 * closes the session); 401 R401 when it is unknown or expired.
 */
export interface RefreshTokenResult {
  information: string;
  informationCode: string;
  token: string;
  refreshToken: string;
}
export const RefreshTokenResultSchema = resultSchema<RefreshTokenResult>()(
  v.object({ information: v.string(), informationCode: v.string(), token: v.string(), refreshToken: v.string() }),
);

/** PUT /api/login/RevokeToken body (Quantity is always 1). */
export const RevokeTokenRequestSchema = v.object({
  UserName: userName,
  Quantity: v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((q) => Number(q)),
    v.literal(1, es.request.quantityOne),
  ),
  AppName: appName,
  RefreshToken: opaque,
});
export type RevokeTokenRequest = v.InferOutput<typeof RevokeTokenRequestSchema>;

/** PUT /api/login/RevokeToken reply `result`: `information` is the URL to send the browser to. */
export interface RevokeTokenResult {
  information: string;
  informationCode: string;
  message: string;
}
export const RevokeTokenResultSchema = resultSchema<RevokeTokenResult>()(
  v.object({ information: v.string(), informationCode: v.string(), message: v.string() }),
);

/**
 * GET /api/login/TokenValidation headers: `token` (with or without the 'Bearer ' prefix),
 * `user` (its unique_name, case-insensitive), `option` (client routing hint, echoed back) and
 * `currentApp` (when present, must be the application the token was issued for).
 * 200 when the token verifies, belongs to that user and its session is live; 401 R401 otherwise.
 */
export const TokenValidationHeadersSchema = v.object({
  user: userName,
  token: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(8192, maxMessage(8192))),
  option: v.optional(v.pipe(v.string(), v.maxLength(20, maxMessage(20)))),
  currentApp: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)))),
});
export type TokenValidationHeaders = v.InferOutput<typeof TokenValidationHeadersSchema>;

export interface TokenValidationResult {
  information: string;
  informationCode: string;
  userName: string;
  application: string;
  /** Expiry of the access token, seconds since the epoch. */
  exp: number;
  option?: string;
}
export const TokenValidationResultSchema = resultSchema<TokenValidationResult>()(
  v.object({
    information: v.string(),
    informationCode: v.string(),
    userName: v.string(),
    application: v.string(),
    exp: v.number(),
    option: v.optional(v.string()),
  }),
);

/**
 * POST /api/login/GenerateTokens body: the single-use `code` that sign-in appended to the
 * `urlApp` of an application in another origin (valid 60 s), and that application's name.
 */
export const GenerateTokensRequestSchema = v.object({
  code: opaque,
  appName: appName,
});
export type GenerateTokensRequest = v.InferOutput<typeof GenerateTokensRequestSchema>;

/** POST /api/login/GenerateTokens reply `result`. 401 R401 for an unknown, expired or used code. */
export interface GenerateTokensResult {
  information: string;
  informationCode: string;
  token: string;
  refreshToken: string;
  urlApp: string;
}
export const GenerateTokensResultSchema = resultSchema<GenerateTokensResult>()(
  v.object({ information: v.string(), informationCode: v.string(), token: v.string(), refreshToken: v.string(), urlApp: v.string() }),
);

/** POST /api/user/validatesession header `connectionId` (the hub's GetConnectionId). */
export const ValidateSessionHeadersSchema = v.object({
  connectionId: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(100, maxMessage(100))),
});

/** Where the client lands after RevokeToken when nothing else is configured. */
export const LOGIN_PAGE = '/login';
