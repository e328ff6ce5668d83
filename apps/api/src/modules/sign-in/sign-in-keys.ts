import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../../config/index.js';

/** How long the password step's ticket lets the second step be taken. */
const TICKET_MINUTES = 5;

export type TicketPurpose = 'secondStep' | 'enrol';

export interface TicketClaims {
  sub: string;
  tv: number;
  purpose: TicketPurpose;
  /** How the first step was taken (password, or sso once single sign-on is wired). */
  first: string;
}

/**
 * The keys of sign-in, each derived from JWT_SECRET for one purpose only (like device tokens):
 * a ticket is no session token and the other way round, an encrypted TOTP secret and a recovery
 * code's hash are useless without the secret.
 */
export function createSignInKeys(config: Pick<Config, 'jwtSecret'>) {
  const derive = (purpose: string) =>
    createHmac('sha256', config.jwtSecret).update(`vahti ${purpose}`).digest();
  const ticketKey = derive('second-step tickets').toString('hex');
  const totpKey = derive('totp secrets');
  const recoveryKey = derive('recovery codes');
  const signTicket = createSigner({
    key: ticketKey,
    algorithm: 'HS256',
    expiresIn: TICKET_MINUTES * 60_000,
    iss: 'vahti-second-step',
  });
  const verifyTicket = createVerifier({
    key: ticketKey,
    algorithms: ['HS256'],
    allowedIss: 'vahti-second-step',
    requiredClaims: ['exp', 'iss', 'sub', 'tv', 'purpose'],
  });

  return {
    /**
     * The password step's ticket: names the user and the token version (a password change or
     * a reset of the factors in between voids it), lives five minutes, and is accepted only by
     * the second-step and enrolment calls — never as a bearer token.
     */
    issueTicket: (claims: TicketClaims): string => signTicket({ ...claims }),
    readTicket(ticket: string, purpose: TicketPurpose): TicketClaims | null {
      try {
        const claims = verifyTicket(ticket) as Partial<TicketClaims>;
        if (claims.purpose !== purpose || typeof claims.sub !== 'string') return null;
        if (!Number.isSafeInteger(claims.tv)) return null;
        return {
          sub: claims.sub,
          tv: claims.tv as number,
          purpose,
          first: String(claims.first),
        };
      } catch {
        return null;
      }
    },

    /** AES-256-GCM: iv.tag.ciphertext, base64url. */
    encryptTotpSecret(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', totpKey, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
    },
    decryptTotpSecret(stored: string): string {
      const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error('malformed TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', totpKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },

    /**
     * A recovery code's stored form: HMAC-SHA256 under a key of its own. A fast keyed hash, not
     * argon2id, because a code is 50 random bits, not a chosen password: nothing to guess
     * offline without the key too, and online guessing meets the second step's rate limits
     * (10 per account in 15 minutes). It also lets a code be found by its hash in one indexed
     * read, where salted argon2id would verify all ten (≈ 10 × 20 ms) on every attempt.
     */
    hashRecoveryCode: (code: string): string =>
      createHmac('sha256', recoveryKey).update(code).digest('hex'),
  };
}

export type SignInKeys = ReturnType<typeof createSignInKeys>;
