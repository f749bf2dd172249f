import { createLocalJWKSet, jwtVerify, SignJWT, generateKeyPair } from 'jose';
import { startTestServer, type TestServer } from '../../test/harness';
import { PUBLISH_BEFORE_USE_SECONDS, promoteNextKey, stageNextKey } from '../modules/auth/key-rotation';
import { signAccessToken, verifyAccessToken } from './tokens';

const subject = {
  userId: '0b6c1f5e-5a0e-4c8e-9b7a-3c2d1e0f9a8b',
  userName: 'someone',
  names: 'Some',
  surnames: 'One',
  customerName: 'ACME',
  privileges: ['USERS_READ'],
  apps: ['ibuhoo'],
};
const ISSUER = 'suite-identity';

describe('access tokens (ES256 with node:crypto)', () => {
  let server: TestServer & { dispose(): Promise<void> };
  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 60_000);
  afterAll(() => server.dispose());

  const issue = (lifetimeSeconds = 60) =>
    signAccessToken(server.app.ctx.keys, { issuer: ISSUER, audience: 'ibuhoo', sessionId: 'sid-1', lifetimeSeconds }, subject);

  it('signs standard compact JWS that jose verifies against the published JWKS, and verifies them back', async () => {
    const { token } = await issue();
    const jwks = createLocalJWKSet(server.app.ctx.keys.jwks());
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: ISSUER, audience: 'ibuhoo' });
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: server.app.ctx.keys.kid, typ: 'JWT' });
    expect(payload).toMatchObject({ identifier: subject.userId, unique_name: 'someone', sid: 'sid-1', privileges: ['USERS_READ'] });
    expect(await verifyAccessToken(server.app.ctx.keys, ISSUER, token)).toMatchObject({ unique_name: 'someone' });
  });

  it('refuses tampered, expired, foreign-issuer, unsigned and foreign-key tokens', async () => {
    const keys = server.app.ctx.keys;
    const { token } = await issue();
    const [h, p, s] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), privileges: ['ROOT'] })).toString(
      'base64url',
    );
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ ...JSON.parse(Buffer.from(p, 'base64url').toString()) })
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
      .sign(privateKey);
    const expired = (await signAccessToken(keys, { issuer: ISSUER, audience: 'ibuhoo', sessionId: 'x', lifetimeSeconds: 1 }, subject))
      .token;
    const foreignIssuer = (
      await signAccessToken(keys, { issuer: 'someone-else', audience: 'ibuhoo', sessionId: 'x', lifetimeSeconds: 60 }, subject)
    ).token;
    await new Promise((r) => setTimeout(r, 1100));
    for (const bad of [
      `${h}.${other}.${s}`,
      none,
      foreign,
      expired,
      `${h}.${p}`,
      `${h}.${p}.${s}x`,
      'a.b.c',
      '',
      `${h}.${p}.${s.slice(0, -2)}`,
    ]) {
      await expect(verifyAccessToken(keys, ISSUER, bad)).rejects.toThrow();
    }
    await expect(verifyAccessToken(keys, ISSUER, foreignIssuer)).rejects.toThrow();
  });

  it('accepts one string per token: the high-s twin of a signature, valid ECDSA as it is, is refused', async () => {
    const keys = server.app.ctx.keys;
    const order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const jwks = createLocalJWKSet(keys.jwks());
    for (let i = 0; i < 8; i++) {
      const { token } = await issue();
      const [h, p, s] = token.split('.');
      const signature = Buffer.from(s, 'base64url');
      const low = BigInt(`0x${signature.subarray(32).toString('hex')}`);
      expect(low <= order / 2n).toBe(true);
      const twin = `${h}.${p}.${Buffer.concat([signature.subarray(0, 32), Buffer.from((order - low).toString(16).padStart(64, '0'), 'hex')]).toString('base64url')}`;
      // the twin is a valid ECDSA signature of the same token …
      await expect(jwtVerify(twin, jwks, { issuer: ISSUER })).resolves.toBeDefined();
      // … which the API does not take
      await expect(verifyAccessToken(keys, ISSUER, twin)).rejects.toThrow('not the canonical signature');
      await expect(verifyAccessToken(keys, ISSUER, token)).resolves.toMatchObject({ unique_name: 'someone' });
    }
  });

  it('keeps verifying tokens of the previous key after a rotation', async () => {
    const keys = server.app.ctx.keys;
    const before = (await issue()).token;
    const oldKid = keys.kid;
    const { db } = server.app.ctx;
    await stageNextKey(db);
    await promoteNextKey(db, { now: new Date(Date.now() + (PUBLISH_BEFORE_USE_SECONDS + 1) * 1000) });
    await keys.reload();
    expect(keys.kid).not.toBe(oldKid);
    const after = (await issue()).token;
    await expect(verifyAccessToken(keys, ISSUER, before)).resolves.toMatchObject({ unique_name: 'someone' });
    await expect(verifyAccessToken(keys, ISSUER, after)).resolves.toMatchObject({ unique_name: 'someone' });
  });
});
