import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTHeaderParameters,
  type FlattenedJWSInput,
  type JSONWebKeySet,
} from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const SIGNING_ALG = 'ES256';

/** How often an unknown `kid` may trigger a reload of the keys (another instance rotated). */
const RELOAD_INTERVAL_MS = 30_000;

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

/** Generates a key pair and stores it with `status` ('active' on first start, 'next' when a rotation begins). */
export async function createKey(db: Kysely<DB>, status: 'active' | 'next' = 'active'): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // the partial unique indexes let only one active and one next key exist: a concurrent start keeps the first
  await db
    .insertInto('signing_keys')
    .values({
      kid,
      alg: SIGNING_ALG,
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }),
      private_jwk: JSON.stringify({ ...privateJwk, kid, alg: SIGNING_ALG }),
      status,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return kid;
}

/** The keys a JWKS publishes and a token may be verified with: the next, the active and the previous ones. */
export const PUBLISHED_STATUSES = ['next', 'active', 'previous'] as const;

/**
 * Access-token signing keys: the active key signs; the next, active and previous keys verify and
 * are published as JWKS (rotation: docs/adr/0033-signing-key-rotation.md). A key pair is
 * generated and stored on first start. `reload()` reads them again: when an instance announces a
 * rotation, when a token names an unknown key, and now and then (app.ts).
 */
export class KeyStore {
  private signing!: { kid: string; key: VerifyKey; keyObject: KeyObject; jwk: JWK };
  private publicSet!: JSONWebKeySet;
  private localSet!: ReturnType<typeof createLocalJWKSet>;
  /** Node KeyObjects of the published keys by kid: verifying needs no import per token. */
  private verifyKeys = new Map<string, KeyObject>();
  private lastReload = 0;
  /** Which keys were read last, and in which states. */
  private state = '';
  /** Goes up at every reload: caches of verified tokens start over. */
  generation = 0;

  private constructor(private readonly db: Kysely<DB>) {}

  static async open(db: Kysely<DB>): Promise<KeyStore> {
    const store = new KeyStore(db);
    await store.reload();
    return store;
  }

  async reload(): Promise<void> {
    const published = () =>
      this.db.selectFrom('signing_keys').selectAll().where('status', 'in', PUBLISHED_STATUSES).orderBy('created_at').execute();
    let rows = await published();
    if (!rows.some((r) => r.status === 'active')) {
      await createKey(this.db);
      rows = await published();
    }
    this.lastReload = Date.now();
    // nothing changed since the last read (the periodic backstop, mostly): keep the imported keys,
    // so caches of verified tokens do not start over for nothing
    const state = rows.map((r) => `${r.kid}:${r.status}`).join();
    if (state === this.state) return;
    const active = rows.find((r) => r.status === 'active');
    if (!active) throw new Error('No active signing key');
    const privateJwk = JSON.parse(active.private_jwk) as JWK;
    this.signing = {
      kid: active.kid,
      key: await importJWK(privateJwk, active.alg),
      keyObject: createPrivateKey({ key: privateJwk as Record<string, string>, format: 'jwk' }),
      jwk: privateJwk,
    };
    this.publicSet = { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
    this.verifyKeys = new Map(
      rows.map((r) => [r.kid, createPublicKey({ key: JSON.parse(r.public_jwk) as Record<string, string>, format: 'jwk' })]),
    );
    this.localSet = createLocalJWKSet(this.publicSet);
    this.state = state;
    this.generation++;
  }

  get kid(): string {
    return this.signing.kid;
  }

  /** The active private key as a JWK (the OpenID provider signs its ID tokens with it). */
  privateJwk(): JWK {
    return { ...this.signing.jwk, use: 'sig' };
  }

  get privateKey(): VerifyKey {
    return this.signing.key;
  }

  /** The active private key as a node:crypto KeyObject (signing without WebCrypto's job queue). */
  get signingKey(): KeyObject {
    return this.signing.keyObject;
  }

  /**
   * The public key of `kid`; an unknown kid reloads the keys (another instance rotated), at most
   * once per RELOAD_INTERVAL_MS. Undefined when there is no such key.
   */
  async verifyKey(kid: string): Promise<KeyObject | undefined> {
    const key = this.verifyKeys.get(kid);
    if (key || Date.now() - this.lastReload <= RELOAD_INTERVAL_MS) return key;
    await this.reload();
    return this.verifyKeys.get(kid);
  }

  /** The public keys, as served at /.well-known/jwks.json. */
  jwks(): JSONWebKeySet {
    return this.publicSet;
  }

  /** Key resolver for jwtVerify: our published keys; an unknown kid reloads them (rate-limited). */
  getVerifyKey = async (header: JWTHeaderParameters, token: FlattenedJWSInput) => {
    try {
      return await this.localSet(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - this.lastReload > RELOAD_INTERVAL_MS) {
        await this.reload();
        return this.localSet(header, token);
      }
      throw error;
    }
  };
}
