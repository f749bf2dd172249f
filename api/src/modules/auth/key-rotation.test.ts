import { createServer } from '../../app';
import { createPostgresDatabase, describeEachBackend, testConfig, waitFor } from '../../../test/harness';
import { signAccessToken, verifyAccessToken } from '../../security/tokens';
import type { KeyStore } from '../../security/keys';
import {
  PUBLISH_BEFORE_USE_SECONDS,
  longestTokenSeconds,
  promoteNextKey,
  publishedKeys,
  rotateSigningKey,
  stageNextKey,
} from './key-rotation';

const ISSUER = 'suite-identity';
const subject = {
  userId: '0b6c1f5e-5a0e-4c8e-9b7a-3c2d1e0f9a8b',
  userName: 'someone',
  names: 'S',
  surnames: 'O',
  customerName: 'ACME',
  privileges: [],
  apps: [],
};
const sign = (keys: KeyStore) =>
  signAccessToken(keys, { issuer: ISSUER, audience: 'ibuhoo', sessionId: 'sid', lifetimeSeconds: 60 }, subject);
const kidsOf = (keys: KeyStore) => (keys.jwks().keys as { kid?: string }[]).map((k) => k.kid);
const after = (seconds: number, from = new Date()) => new Date(from.getTime() + seconds * 1000);

describeEachBackend('signing-key rotation', (server) => {
  it('publishes the next key before it signs, then signs with it while the replaced key still verifies its tokens', async () => {
    const { db, keys } = server().app.ctx;
    const first = keys.kid;
    const old = (await sign(keys)).token;

    const staged = await rotateSigningKey(db);
    expect(staged.step).toBe('staged');
    const next = staged.step === 'staged' ? staged.kid : '';
    await keys.reload();
    // published in the JWKS (and served so), signing nothing yet
    expect(kidsOf(keys)).toEqual(expect.arrayContaining([first, next]));
    const jwks = await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect((JSON.parse(jwks.body) as { keys: { kid: string }[] }).keys.map((k) => k.kid)).toContain(next);
    expect(keys.kid).toBe(first);

    // too early: relying parties may still hold a JWKS without it
    const early = await rotateSigningKey(db);
    expect(early).toMatchObject({ step: 'waiting', kid: next });
    expect(keys.kid).toBe(first);

    const promoted = await rotateSigningKey(db, { now: after(PUBLISH_BEFORE_USE_SECONDS + 1) });
    expect(promoted).toMatchObject({ step: 'promoted', kid: next, retired: [] });
    await keys.reload();
    expect(keys.kid).toBe(next);
    const fresh = (await sign(keys)).token;
    await expect(verifyAccessToken(keys, ISSUER, fresh)).resolves.toMatchObject({ unique_name: 'someone' });
    // the replaced key's tokens stay valid until they expire
    await expect(verifyAccessToken(keys, ISSUER, old)).resolves.toMatchObject({ unique_name: 'someone' });
    expect((await publishedKeys(db)).map((k) => [k.kid, k.status])).toEqual([
      [first, 'previous'],
      [next, 'active'],
    ]);

    // the next rotation may not retire it while its tokens may live; afterwards it does
    await stageNextKey(db);
    const tooSoon = await promoteNextKey(db, { now: after(PUBLISH_BEFORE_USE_SECONDS + 2) });
    expect(tooSoon).toMatchObject({ step: 'refused' });
    const later = after(PUBLISH_BEFORE_USE_SECONDS + (await longestTokenSeconds(db)) + 5);
    const third = await promoteNextKey(db, { now: later });
    expect(third).toMatchObject({ step: 'promoted', retired: [first] });
    await keys.reload();
    expect(kidsOf(keys)).not.toContain(first);
    await expect(verifyAccessToken(keys, ISSUER, old)).rejects.toThrow();
  });

  it('in an emergency signs with a new key at once and refuses every token of the compromised one', async () => {
    const { db, keys } = server().app.ctx;
    const compromised = keys.kid;
    const stolen = (await sign(keys)).token;
    const step = await rotateSigningKey(db, { emergency: true });
    expect(step).toMatchObject({ step: 'promoted', retired: expect.arrayContaining([compromised]) });
    await keys.reload();
    expect(keys.kid).not.toBe(compromised);
    expect(kidsOf(keys)).not.toContain(compromised);
    await expect(verifyAccessToken(keys, ISSUER, stolen)).rejects.toThrow();
  });

  it('reads unchanged keys again without starting the verified-token caches over, and changed ones with', async () => {
    const { db, keys } = server().app.ctx;
    const generation = keys.generation;
    await keys.reload();
    expect(keys.generation).toBe(generation);
    await stageNextKey(db);
    await keys.reload();
    expect(keys.generation).toBe(generation + 1);
    await promoteNextKey(db, { now: after(PUBLISH_BEFORE_USE_SECONDS + (await longestTokenSeconds(db)) * 2 + 60) });
  });

  it('changes nothing when there is no next key to promote', async () => {
    const { db } = server().app.ctx;
    const before = await publishedKeys(db);
    expect(before.some((k) => k.status === 'next')).toBe(false);
    expect(await promoteNextKey(db)).toMatchObject({ step: 'refused' });
    expect(await publishedKeys(db)).toEqual(before);
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('signing-key rotation across instances on one PostgreSQL database', () => {
  it('every instance publishes the next key and signs with the promoted one as soon as each step commits', async () => {
    const database = await createPostgresDatabase();
    const config = testConfig({ databaseUrl: database.url });
    const options = { logger: false as const, onGeneratedAdminPassword: () => undefined };
    const [a, b] = [await createServer(config, options), await createServer(config, options)];
    try {
      const first = a.app.ctx.keys.kid;
      expect(b.app.ctx.keys.kid).toBe(first);
      const staged = await rotateSigningKey(a.app.ctx.db);
      const next = staged.step === 'staged' ? staged.kid : 'none';
      // b is told by the announcement, not by its minute's reload
      await waitFor(() => kidsOf(b.app.ctx.keys).includes(next), 5_000);
      expect(b.app.ctx.keys.kid).toBe(first);
      await rotateSigningKey(a.app.ctx.db, { now: after(PUBLISH_BEFORE_USE_SECONDS + 1) });
      await waitFor(() => b.app.ctx.keys.kid === next, 5_000);
      // a token b signs now verifies on a, and one a signed before verifies on b
      await expect(verifyAccessToken(a.app.ctx.keys, ISSUER, (await sign(b.app.ctx.keys)).token)).resolves.toBeDefined();
    } finally {
      await a.app.close();
      await b.app.close();
      await database.drop();
    }
  }, 60_000);
});
