import { FACTOR_MESSAGES, INFORMATION_CODES, SECOND_STEP_SECONDS, type LoginResult, type SecondFactorStep } from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { randomToken } from '../../security/random';
import { secretHash } from '../../security/tokens';
import { releaseClaim } from '../auth/lockout';
import type { SessionStart } from '../auth/service';
import { secondStepFacts, storeChallenge } from './queries';

export const hashChallenge = secretHash;

/** What a waiting second step keeps of the sign-in: everything the session needs but the password's hash. */
export type StoredStart = Omit<SessionStart, 'user' | 'newPasswordHash' | 'subject'> & {
  user: Omit<SessionStart['user'], 'password_hash'>;
};

/**
 * Whether a proven sign-in needs a second step first (docs/adr/0037-second-factors.md): under the
 * application's 'optional' and 'required' alike a person with a factor is asked for one; under
 * 'required' a person without one sets one up. Then no token: a single-use challenge of five
 * minutes, and the lockout slot the attempt held is freed (its count stays until the sign-in ends).
 */
export async function secondStepFor(ctx: AppContext, input: SessionStart): Promise<LoginResult | undefined> {
  const facts = await secondStepFacts(ctx.db, input.application.id, input.user.id);
  const enrolled = facts.totp || facts.passkey;
  if (facts.policy === 'off' || (facts.policy === 'optional' && !enrolled)) return undefined;
  const challenge = randomToken(32, 'base64url');
  const { password_hash: _hash, ...user } = input.user;
  const start: StoredStart = {
    application: input.application,
    user,
    tenant: input.tenant,
    idSessionTab: input.idSessionTab,
    browser: input.browser,
    device: input.device,
    way: input.way,
    auditDetails: input.auditDetails,
  };
  await storeChallenge(ctx.db, {
    tokenHash: hashChallenge(challenge),
    userId: input.user.id,
    applicationId: input.application.id,
    subject: input.subject,
    start,
    seconds: SECOND_STEP_SECONDS,
  });
  await releaseClaim(ctx.db, input.subject);
  const methods: SecondFactorStep['methods'] = enrolled
    ? [
        ...(facts.totp ? (['totp'] as const) : []),
        ...(facts.passkey ? (['passkey'] as const) : []),
        ...(facts.recovery ? (['recovery'] as const) : []),
      ]
    : ['totp'];
  return {
    information: FACTOR_MESSAGES.secondStep,
    informationCode: INFORMATION_CODES.secondFactorRequired,
    secondFactor: { challenge, methods, enrol: !enrolled },
  };
}
