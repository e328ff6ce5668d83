import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for API tests, built from the W3C Web Authentication Level 3
 * recommendation (https://www.w3.org/TR/webauthn-3/):
 * - authenticator data (§6.1): SHA-256(RP id) ‖ flags ‖ 32-bit big-endian signature counter ‖
 *   attested credential data (§6.5.2: AAGUID ‖ 16-bit length ‖ credential id ‖ COSE key);
 *   flags UP 0x01, UV 0x04, AT 0x40;
 * - the "none" attestation statement format (§8.7): CBOR map { fmt: "none", attStmt: {},
 *   authData };
 * - client data (§5.8.1): { type: "webauthn.create" | "webauthn.get", challenge, origin };
 * - an assertion's signature (§6.3.3 step 11) over authData ‖ SHA-256(clientDataJSON), ES256 as
 *   ASN.1 DER (§6.5.6);
 * - the public key as a COSE_Key (RFC 9053 §7.1.1: kty 2 EC2, alg −7 ES256, crv 1 P-256, x, y).
 * The JSON forms are RegistrationResponseJSON / AuthenticationResponseJSON (§5.1, toJSON()).
 */
export function softwareAuthenticator({ origin }: { origin: string }) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;

  const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );

  function authenticatorData(flags: number, attested: boolean) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), length, credentialId, Buffer.from(cose));
    }
    return Buffer.concat(parts);
  }

  const clientData = (type: string, challenge: string, at: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    credentialId: b64(credentialId),

    /** navigator.credentials.create() for these options (PublicKeyCredentialCreationOptionsJSON). */
    register(options: { challenge: string }, at = origin) {
      const authData = authenticatorData(0x01 | 0x04 | 0x40, true);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, at)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get() for these options: each call counts one more signature. */
    authenticate(options: { challenge: string }, at = origin) {
      counter += 1;
      const authData = authenticatorData(0x01 | 0x04, false);
      const clientDataJSON = clientData('webauthn.get', options.challenge, at);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
