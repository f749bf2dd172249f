import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import { INFORMATION_CODES, OTP_RESET_MESSAGES } from '@suite/shared/contracts';
import type { CaptchaConfig } from '../../config';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { resolveStoredSecret } from '../../security/settings';
import type { AppDirectory } from '../applications/directory';
import { holdsRoleIn, spendSolution } from './queries';

const ALGORITHM = 'PBKDF2/SHA-256';
const HMAC_SETTING = 'captcha_hmac_key';
/** The widget's payload (base64 of JSON) is a few hundred characters; anything far longer is not one. */
const PAYLOAD_MAX = 4096;

/** The one refusal of the captcha, whatever went wrong: 'Por favor valida que no eres un robot' (docs/product/sign-in.md, Captcha). */
export const captchaRefused = () => new ApiError(400, OTP_RESET_MESSAGES.captchaRequired, INFORMATION_CODES.badRequest);

/** Why a payload was refused (logged, never answered: the reply is the same for all). */
export type CaptchaFailure = 'missing' | 'malformed' | 'invalid' | 'expired' | 'replayed';

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(token: string): Payload | null {
  if (token.length > PAYLOAD_MAX) return null;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    const { challenge, solution } = parsed ?? {};
    const p = challenge?.parameters;
    if (!p || typeof p.nonce !== 'string' || typeof p.algorithm !== 'string' || typeof challenge?.signature !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge: challenge as Challenge, solution };
  } catch {
    return null;
  }
}

/**
 * The self-hosted captcha (ALTCHA proof of work): signed challenges for the sign-in screens, and
 * the check of a solution — signature, expiry, proof, and single use across every instance
 * (captcha_solutions). The HMAC key is CAPTCHA_HMAC_KEY or one stored by the first instance, so
 * every instance accepts every other one's challenges.
 */
export class CaptchaService {
  private constructor(
    private readonly db: Kysely<DB>,
    private readonly config: CaptchaConfig,
    private readonly hmacKey: string,
    private readonly directory: Pick<AppDirectory, 'snapshot'>,
  ) {}

  /** `directory` tells which applications ask for it (their captchaApply parameter, kept with the application list). */
  static async open(db: Kysely<DB>, config: CaptchaConfig, directory: Pick<AppDirectory, 'snapshot'>): Promise<CaptchaService> {
    return new CaptchaService(db, config, await resolveStoredSecret(db, HMAC_SETTING, config.hmacKey), directory);
  }

  /** A new challenge; its answer lies at a random counter, so the work differs from one to the next. */
  async challenge(now = Date.now()): Promise<Challenge> {
    const { cost, maxNumber, expiresSeconds } = this.config;
    return createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(Math.max(1, Math.floor(maxNumber / 2)), maxNumber),
      deriveKey,
      expiresAt: Math.floor(now / 1000) + expiresSeconds,
      hmacSignatureSecret: this.hmacKey,
    });
  }

  /** Checks a payload and spends it; the failure's kind, or null when it passed. */
  async spend(token: string | undefined): Promise<CaptchaFailure | null> {
    if (!token) return 'missing';
    const payload = decodePayload(token);
    if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) return 'malformed';
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacKey,
      });
    } catch {
      return 'malformed';
    }
    if (result.expired) return 'expired';
    if (!result.verified) return 'invalid';
    const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
    return (await spendSolution(this.db, payload.challenge.parameters.nonce, expiresAt)) ? null : 'replayed';
  }

  /**
   * The sign-in's check: when the application asks for the captcha, a payload that is missing,
   * wrong, expired or already used is refused (400) before anything else of the sign-in happens.
   */
  async requireFor(appName: string, token: string | undefined, log?: { info(o: object, msg: string): void }): Promise<void> {
    // read from the application list every sign-in already holds in memory (dropped on every
    // instance when an application changes), not with a query of its own per sign-in
    if (!(await this.directory.snapshot()).get(appName)?.captchaApply) return;
    const failure = await this.spend(token);
    if (failure === null) return;
    log?.info({ app: appName, captcha: failure }, 'sign-in refused: captcha');
    throw captchaRefused();
  }

  /**
   * The account's own check, for a sign-in through an application that does not ask for the
   * captcha: an account holding a role in an application that does ask for it needs a solved one
   * all the same, so its password cannot be tried through another application's sign-in. Answers
   * whether the attempt may go on to the password; the caller answers a refusal as a wrong
   * password (a captcha refusal would tell that the account exists). A payload sent is always
   * checked and spent, and the role query runs for unknown names too: the cost does not tell either.
   */
  async passesForAccount(
    appName: string,
    userId: string | undefined,
    token: string | undefined,
    log?: { info(o: object, msg: string): void },
  ): Promise<boolean> {
    const snapshot = await this.directory.snapshot();
    if (snapshot.get(appName)?.captchaApply) return true; // checked before the attempt (requireFor)
    const asking = snapshot.apps.filter((a) => a.captchaApply).map((a) => a.id);
    if (asking.length === 0) return true;
    const failure = token ? await this.spend(token) : 'missing';
    if (!(await holdsRoleIn(this.db, userId, asking)) || failure === null) return true;
    log?.info({ app: appName, userId, captcha: failure }, "sign-in refused: the account's application asks for the captcha");
    return false;
  }
}
