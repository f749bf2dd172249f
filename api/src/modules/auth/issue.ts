import { durationSeconds } from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { signAccessToken } from '../../security/tokens';
import type { AccessColumns } from './queries';

const DEFAULT_ACCESS_SECONDS = 3600;

/** Access-token lifetime of an application (amountTime/timeUnit; one hour when unset). */
export function accessSeconds(amountTime: number, timeUnit: number): number {
  return amountTime > 0 ? durationSeconds(amountTime, timeUnit) : DEFAULT_ACCESS_SECONDS;
}

/** Signs the access token of a session with the spec's claims. */
export async function issueAccessToken(
  ctx: Pick<AppContext, 'keys' | 'config'>,
  input: {
    appName: string;
    amountTime: number;
    timeUnit: number;
    sessionId: string;
    userId: string;
    userName: string;
    names: string;
    surnames: string;
    access: AccessColumns;
  },
): Promise<string> {
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
