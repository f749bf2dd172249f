import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for the API tests: a P-256 key pair that answers WebAuthn's create and get as
 * an authenticator does — a CBOR attestation object ('none') with the COSE public key, and
 * assertions signed with ES256 over the authenticator data and the client data's hash.
 */
export class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16).toString('base64url');
  private counter = 0;
  private userHandle = '';

  constructor(
    private readonly origin = 'http://localhost:8080',
    private readonly rpId = 'localhost',
  ) {}

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authenticatorData(flags: number, rpId: string, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new discoverable passkey for the options' user. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string; challenge?: string } = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const id = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(this.cosePublicKey())]);
    const authData = this.authenticatorData(UP | UV | AT, this.rpId, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Map<string, never>,
    );
    const clientData = this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: an assertion, the person verified unless told otherwise. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: { origin?: string; challenge?: string; userVerified?: boolean; rpId?: string } = {},
  ): AuthenticationResponseJSON {
    this.counter += 1;
    const authData = this.authenticatorData(UP | (overrides.userVerified === false ? 0 : UV), overrides.rpId ?? this.rpId);
    const clientData = this.clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
    };
  }
}
