import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationOptions,
  AuthenticationResponse,
  RegistrationOptions,
  RegistrationResponse,
} from '../../shared/schemas/passkeys.ts';

/**
 * A software passkey authenticator for API tests: a real P-256 key per credential, real "none"
 * attestation (CBOR attestationObject, authenticatorData with the attested credential) and real signed
 * assertions, so the server's WebAuthn verification runs exactly as with a browser. Each call can lie
 * about the origin, or reuse a counter, to test the refusals.
 */
export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
type Cbor = Parameters<typeof isoCBOR.encode>[0];
const utf8 = (text: string) => new TextEncoder().encode(text);

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

function counterBytes(counter: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, counter);
  return bytes;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x)],
      [-3, isoBase64URL.toBuffer(jwk.y)],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(private readonly origin: string) {}

  /** Answers navigator.credentials.create() for these options; `origin` pretends another site asked. */
  register(options: RegistrationOptions, lie: { origin?: string } = {}): RegistrationResponse {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = new Uint8Array(randomBytes(32));
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const idLength = new Uint8Array(2);
    new DataView(idLength.buffer).setUint16(0, credentialId.length);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([flags.userPresent | flags.userVerified | flags.attestedCredential]),
      counterBytes(0),
      new Uint8Array(16), // AAGUID: none given
      idLength,
      credentialId,
      coseKey(publicKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', authData],
      ]),
    );
    const clientData = utf8(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: lie.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const id = b64(credentialId);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * Answers navigator.credentials.get(): signs with the given credential (default: the first), its
   * counter moved forward by one unless `counter` says what to claim.
   */
  assert(
    options: AuthenticationOptions,
    lie: { origin?: string; credential?: SoftCredential; counter?: number } = {},
  ): AuthenticationResponse {
    const credential = lie.credential ?? this.credentials[0];
    if (!credential) throw new Error('no credential registered');
    credential.counter = lie.counter ?? credential.counter + 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = concat(
      sha256(rpId),
      new Uint8Array([flags.userPresent | flags.userVerified]),
      counterBytes(credential.counter),
    );
    const clientData = utf8(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: lie.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signer = createSign('sha256');
    signer.update(concat(authData, sha256(clientData)));
    const signature = new Uint8Array(signer.sign(credential.privateKey));
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
