import { sql, type Kysely, type Transaction } from 'kysely';
import { APP_PARAMETERS, type AccountFactor, type SecondFactorPolicy } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** What a sign-in's second step depends on: the application's policy and the person's factors. */
export interface SecondStepFacts {
  policy: SecondFactorPolicy;
  passkeySignIn: boolean;
  totp: boolean;
  passkey: boolean;
  recovery: boolean;
}

/**
 * Read on every sign-in, from the database (not a per-instance cache): a change of the policy in
 * the console holds on every instance at once.
 */
export async function secondStepFacts(db: Db, applicationId: number, userId: string): Promise<SecondStepFacts> {
  const { rows } = await sql<{ policy: string | null; passkey_sign_in: boolean | null; kinds: string[] | null; recovery: boolean }>`
    select (select value #>> '{}' from application_parameters
             where application_id = ${applicationId} and name = ${APP_PARAMETERS.secondFactor}) as policy,
           (select value = 'true'::jsonb from application_parameters
             where application_id = ${applicationId} and name = ${APP_PARAMETERS.passkeySignIn}) as passkey_sign_in,
           array(select distinct kind from user_factors where user_id = ${userId}::uuid and confirmed_at is not null) as kinds,
           exists(select 1 from recovery_codes where user_id = ${userId}::uuid and used_at is null) as recovery`.execute(db);
  const row = rows[0];
  const policy = row?.policy === 'optional' || row?.policy === 'required' ? row.policy : 'off';
  const kinds = row?.kinds ?? [];
  return {
    policy,
    passkeySignIn: Boolean(row?.passkey_sign_in),
    totp: kinds.includes('totp'),
    passkey: kinds.includes('passkey'),
    recovery: Boolean(row?.recovery),
  };
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  application_id: number;
  subject: string;
  start: unknown;
  enrolling_factor_id: string | null;
}

export async function storeChallenge(
  db: Db,
  input: { tokenHash: string; userId: string; applicationId: number; subject: string; start: unknown; seconds: number },
): Promise<void> {
  await db
    .insertInto('sign_in_challenges')
    .values({
      token_hash: input.tokenHash,
      user_id: input.userId,
      application_id: input.applicationId,
      subject: input.subject,
      start: JSON.stringify(input.start),
      expires_at: sql<Date>`now() + make_interval(secs => ${input.seconds}::int)`,
    })
    .execute();
}

/** A second step still waiting (not expired, not answered). */
export async function liveChallenge(db: Db, tokenHash: string): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id', 'application_id', 'subject', 'start', 'enrolling_factor_id'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Answers the step: true for the one call that removed it (a second, concurrent answer gets false). */
export async function spendChallenge(db: Db, id: string): Promise<boolean> {
  const removed = await db.deleteFrom('sign_in_challenges').where('id', '=', id).returning('id').execute();
  return removed.length > 0;
}

export async function setEnrollingFactor(db: Db, challengeId: string, factorId: string): Promise<void> {
  await db.updateTable('sign_in_challenges').set({ enrolling_factor_id: factorId }).where('id', '=', challengeId).execute();
}

/** A new authenticator, unconfirmed until its first code. */
export async function insertPendingTotp(db: Db, userId: string, name: string, secret: string): Promise<string> {
  const row = await db
    .insertInto('user_factors')
    .values({ user_id: userId, kind: 'totp', name, secret })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The person's authenticators a code may come from: the confirmed ones, and the one being set up. */
export async function totpSecrets(db: Db, userId: string, pendingId?: string | null): Promise<{ id: string; secret: string }[]> {
  const rows = await db
    .selectFrom('user_factors')
    .select(['id', 'secret'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'totp')
    .where((eb) => (pendingId ? eb.or([eb('confirmed_at', 'is not', null), eb('id', '=', pendingId)]) : eb('confirmed_at', 'is not', null)))
    .execute();
  return rows.filter((r): r is { id: string; secret: string } => typeof r.secret === 'string');
}

/** Spends a time step of an authenticator: false when that code was already accepted (on any instance). */
export async function spendTotpStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const inserted = await db
    .insertInto('totp_used_steps')
    .values({ factor_id: factorId, step })
    .onConflict((oc) => oc.columns(['factor_id', 'step']).doNothing())
    .returning('factor_id')
    .execute();
  return inserted.length > 0;
}

export async function markFactorUsed(db: Db, factorId: string): Promise<void> {
  await db.updateTable('user_factors').set({ last_used_at: sql<Date>`now()` }).where('id', '=', factorId).execute();
}

/** Confirms a pending authenticator of the person: false when there is none with that id. */
export async function confirmFactor(db: Db, userId: string, factorId: string, name?: string): Promise<boolean> {
  const updated = await db
    .updateTable('user_factors')
    .set({ confirmed_at: sql<Date>`now()`, last_used_at: sql<Date>`now()`, ...(name ? { name } : {}) })
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .returning('id')
    .execute();
  return updated.length > 0;
}

/** Spends a recovery code: true for the one call that marked it used. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const updated = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .execute();
  return updated.length > 0;
}

/** The person's recovery codes are replaced by these. */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const factorOf = (r: {
  id: string;
  kind: 'totp' | 'passkey';
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): AccountFactor => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at ? r.last_used_at.toISOString() : null,
});

/** The person's confirmed factors, oldest first. */
export async function accountFactors(db: Db, userId: string): Promise<AccountFactor[]> {
  const rows = await db
    .selectFrom('user_factors')
    .select(['id', 'kind', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .orderBy('created_at')
    .execute();
  return rows.map(factorOf);
}

export async function accountFactor(db: Db, userId: string, factorId: string): Promise<AccountFactor | undefined> {
  const row = await db
    .selectFrom('user_factors')
    .select(['id', 'kind', 'name', 'created_at', 'last_used_at'])
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row ? factorOf(row) : undefined;
}

export async function renameFactor(db: Db, userId: string, factorId: string, name: string): Promise<boolean> {
  const updated = await db
    .updateTable('user_factors')
    .set({ name })
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .returning('id')
    .execute();
  return updated.length > 0;
}

/** Removes a factor; the last one takes the recovery codes with it (they answer for no factor then). */
export async function removeFactor(db: Db, userId: string, factorId: string): Promise<boolean> {
  const removed = await db.deleteFrom('user_factors').where('id', '=', factorId).where('user_id', '=', userId).returning('id').execute();
  if (removed.length === 0) return false;
  const left = await db
    .selectFrom('user_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .execute();
  if (left.length === 0) await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return true;
}

/** Spent steps, finished challenges and never-confirmed authenticators older than a day go. */
export async function purgeFactorLeftovers(db: Db): Promise<void> {
  await sql`delete from totp_used_steps where used_at < now() - interval '10 minutes'`.execute(db);
  await sql`delete from sign_in_challenges where expires_at < now() - interval '1 hour'`.execute(db);
  await sql`delete from passkey_challenges where expires_at < now() - interval '1 hour'`.execute(db);
  await sql`delete from user_factors where confirmed_at is null and created_at < now() - interval '1 day'`.execute(db);
}

/** A WebAuthn challenge handed to a browser: single use, until it expires. */
export interface PasskeyChallenge {
  purpose: 'register' | 'step' | 'sign_in';
  userId?: string;
  applicationId?: number;
  signInChallengeId?: string;
}

export async function storePasskeyChallenge(db: Db, hash: string, challenge: PasskeyChallenge, seconds: number): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: hash,
      purpose: challenge.purpose,
      user_id: challenge.userId ?? null,
      application_id: challenge.applicationId ?? null,
      sign_in_challenge_id: challenge.signInChallengeId ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${seconds}::int)`,
    })
    .execute();
}

/** Spends a live challenge handed out for exactly this purpose (and person, application or sign-in): true for the one call that removed it. */
export async function spendPasskeyChallenge(db: Db, hash: string, challenge: PasskeyChallenge): Promise<boolean> {
  const removed = await db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', challenge.purpose)
    .where((eb) =>
      eb.and([
        challenge.userId ? eb('user_id', '=', challenge.userId) : eb('user_id', 'is', null),
        challenge.applicationId ? eb('application_id', '=', challenge.applicationId) : eb('application_id', 'is', null),
        challenge.signInChallengeId ? eb('sign_in_challenge_id', '=', challenge.signInChallengeId) : eb('sign_in_challenge_id', 'is', null),
      ]),
    )
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('challenge_hash')
    .execute();
  return removed.length > 0;
}

/** A registered passkey, as a sign-in checks it. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

const passkeyOf = (r: {
  id: string;
  user_id: string;
  credential_id: string | null;
  public_key: Buffer | null;
  sign_count: string;
  transports: string[];
}): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id ?? '',
  publicKey: new Uint8Array(r.public_key ?? []),
  counter: Number(r.sign_count),
  transports: r.transports,
});

const passkeyColumns = ['id', 'user_id', 'credential_id', 'public_key', 'sign_count', 'transports'] as const;

/** The person's passkeys (for the browser's allow and exclude lists, and the second step). */
export async function passkeysOf(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom('user_factors')
    .select(passkeyColumns)
    .where('user_id', '=', userId)
    .where('kind', '=', 'passkey')
    .where('confirmed_at', 'is not', null)
    .execute();
  return rows.map(passkeyOf);
}

/** The passkey a browser answered with, whoever holds it. */
export async function passkeyByCredential(db: Db, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db
    .selectFrom('user_factors')
    .select(passkeyColumns)
    .where('credential_id', '=', credentialId)
    .where('kind', '=', 'passkey')
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row ? passkeyOf(row) : undefined;
}

export async function insertPasskey(
  db: Db,
  input: { userId: string; name: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<string> {
  const row = await db
    .insertInto('user_factors')
    .values({
      user_id: input.userId,
      kind: 'passkey',
      name: input.name,
      credential_id: input.credentialId,
      public_key: Buffer.from(input.publicKey),
      sign_count: input.counter,
      transports: input.transports,
      confirmed_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A passkey answered: its signature counter moves on (a copied authenticator shows as a counter going back). */
export async function passkeyUsed(db: Db, factorId: string, counter: number): Promise<void> {
  await db.updateTable('user_factors').set({ sign_count: counter, last_used_at: sql<Date>`now()` }).where('id', '=', factorId).execute();
}
