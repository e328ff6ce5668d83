import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret for a link or a code: 32 random bytes (256 bits) as base64url, 43 characters. It
 * means nothing by itself; what it grants is looked up by its hash.
 */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How tokens are stored: SHA-256, hex. A fast hash is right here because the input is 256
 * random bits, not a password: there is nothing to guess, and a lookup by hash is constant time.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
