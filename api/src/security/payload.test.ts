import { encryptPayload, decryptPayload as cryptoJsDecrypt } from '@suite/shared/crypto';
import { randomBytes } from 'node:crypto';
import { decryptPayload } from './payload';

describe('payload cipher', () => {
  it('round-trips text, including non-ASCII', () => {
    for (const text of ['Adm1n.Test-Pass', 'ñandú €', 'x'.repeat(300)]) {
      const cipher = encryptPayload(text, 'key');
      expect(cipher).not.toContain(text);
      expect(cryptoJsDecrypt(cipher, 'key')).toBe(text);
    }
  });

  it('rejects anything not in the salted format, deterministically', () => {
    for (const text of ['', 'plain password', 'not-a-cipher', 'U2FsdGVkX1+AAAA', 'U2FsdGVkX19zb21lc2FsdA==']) {
      expect(cryptoJsDecrypt(text, 'key')).toBeNull();
    }
  });
});

describe('server-side payload decryption (node:crypto)', () => {
  it('reads whatever the client scheme encrypts, exactly', () => {
    const samples = ['Adm1n.Test-Pass', 'ñandú €', '𝔘nicode ✓', 'x'.repeat(300), ' ', 'a'];
    for (let i = 0; i < 50; i++) samples.push(randomBytes(1 + (i % 40)).toString('base64'));
    for (const text of samples) {
      for (const key of ['key', 'clé-ñ', randomBytes(24).toString('base64url')]) {
        const cipher = encryptPayload(text, key);
        expect(decryptPayload(cipher, key)).toBe(text);
        expect(decryptPayload(`  ${cipher} `, key)).toBe(cryptoJsDecrypt(`  ${cipher} `, key));
      }
    }
  });

  it('rejects what the client scheme rejects, and other keys whenever the padding or UTF-8 breaks', () => {
    for (const text of ['', 'plain password', 'not-a-cipher', 'U2FsdGVkX1+AAAA', 'U2FsdGVkX19zb21lc2FsdA==', 42 as unknown as string]) {
      expect(decryptPayload(text, 'key')).toBeNull();
    }
    let rejected = 0;
    for (let i = 0; i < 50; i++) {
      const cipher = encryptPayload(`Secret.${i}`, 'right-key');
      const result = decryptPayload(cipher, 'wrong-key');
      if (result === null) rejected++;
      else expect(result).not.toBe(`Secret.${i}`);
    }
    expect(rejected).toBeGreaterThan(40);
  });
});
