import { durationSeconds } from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { signAccessToken } from '../../security/tokens';
import type { AccessColumns, SessionTokenRow } from './queries';

const DEFAULT_ACCESS_SECONDS = 3600;

/** Access-token lifetime of an application (amountTime/timeUnit; one hour when unset). */
export function accessSeconds(amountTime: number, timeUnit: number): number {
  return amountTime > 0 ? durationSeconds(amountTime, timeUnit) : DEFAULT_ACCESS_SECONDS;
}

/** What an access token is signed from. */
export interface AccessTokenInput {
  appName: string;
  amountTime: number;
  timeUnit: number;
  sessionId: string;
  userId: string;
  userName: string;
  names: string;
  surnames: string;
  access: AccessColumns;
}

/** A sign-in's parts: the application and user it proved, and the session it recorded. */
export interface SignInTokenParts {
  application: { name: string; amount_time: number; time_unit: number };
  user: { id: string; user_name: string; names: string; surnames: string };
  record: { sessionId: string } & AccessColumns;
}

/** The access token's input from what its caller has: a session's row or a sign-in's parts. */
export function accessTokenInput(source: SessionTokenRow | SignInTokenParts): AccessTokenInput {
  if ('record' in source) {
    const { application, user, record } = source;
    return {
      appName: application.name,
      amountTime: application.amount_time,
      timeUnit: application.time_unit,
      sessionId: record.sessionId,
      userId: user.id,
      userName: user.user_name,
      names: user.names,
      surnames: user.surnames,
      access: record,
    };
  }
  return {
    appName: source.app_name,
    amountTime: source.amount_time,
    timeUnit: source.time_unit,
    sessionId: source.session_id,
    userId: source.user_id,
    userName: source.user_name,
    names: source.names,
    surnames: source.surnames,
    access: source,
  };
}

/** Signs the access token of a session with its claims (docs/product/sessions.md, Tokens). */
export async function issueAccessToken(ctx: Pick<AppContext, 'keys' | 'config'>, input: AccessTokenInput): Promise<string> {
  const { token } = await signAccessToken(
    ctx.keys,
    {
      issuer: ctx.config.tokenIssuer,
      audience: input.appName,
      sessionId: input.sessionId,
      lifetimeSeconds: accessSeconds(input.amountTime, input.timeUnit),
    },
    {
      userId: input.userId,
      userName: input.userName,
      names: input.names,
      surnames: input.surnames,
      customerName: input.access.customer_name,
      privileges: input.access.privileges,
      apps: input.access.apps,
    },
  );
  return token;
}
