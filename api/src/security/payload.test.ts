import { payloadCipher } from '@suite/shared/contracts';

describe('payload cipher', () => {
  it('round-trips text, including non-ASCII', () => {
    for (const text of ['Adm1n.Test-Pass', 'ñandú €', 'x'.repeat(300)]) {
      const cipher = payloadCipher.encryptPayload(text, 'key');
      expect(cipher).not.toContain(text);
      expect(payloadCipher.decryptPayload(cipher, 'key')).toBe(text);
    }
  });

  it('rejects anything not in the salted format, deterministically', () => {
    for (const text of ['', 'plain password', 'not-a-cipher', 'U2FsdGVkX1+AAAA', 'U2FsdGVkX19zb21lc2FsdA==']) {
      expect(payloadCipher.decryptPayload(text, 'key')).toBeNull();
    }
  });
});
