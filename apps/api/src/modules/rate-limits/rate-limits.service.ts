import type { FastifyBaseLogger } from 'fastify';
import { RateLimitError, type RateLimitKind } from '../../lib/errors.js';
import type { RateLimitsRepository } from './rate-limits.repository.js';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit in one place. Keys are "<rule>:<value>"; e-mail values are lower-cased. */
export const RATE_LIMITS = {
  /**
   * Failed sign-ins per account (e-mail, known or not: the limit must not reveal which exist)
   * from one IP address: the 429 refuses only the address that failed, so nobody can lock
   * another person out by failing on purpose (docs/security.md).
   */
  signInAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  signInIp: { limit: 50, windowMs: 15 * MINUTE },
  /** The ceiling per account from every address together: a spread-out guesser stops here. */
  signInAccount: { limit: 100, windowMs: HOUR },
  /**
   * Failed sign-ins presenting a device token (a browser the account signed in on before):
   * counted per token instead of the three above, so the owner is not locked out with everyone.
   */
  signInDevice: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong second steps (TOTP code, recovery code, passkey) per account, from every address: 10
   * in 15 minutes leaves a 6-digit code a 1-in-100,000 chance per window.
   */
  secondStepAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong second steps per IP address, and password-less passkey attempts that fail. */
  secondStepIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Password-less passkey challenges per IP address: each is a row until answered or expired. */
  passkeyChallengeIp: { limit: 60, windowMs: 15 * MINUTE },
  /** Wrong current passwords on PATCH /api/change-password, per account and IP address. */
  changePasswordAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Registration-code mails per sending user (counted per recipient). */
  registrationCodeRecipients: { limit: 50, windowMs: HOUR },
  registerIp: { limit: 10, windowMs: HOUR },
  forgotPasswordAccount: { limit: 5, windowMs: HOUR },
  forgotPasswordIp: { limit: 20, windowMs: HOUR },
  resetPasswordIp: { limit: 20, windowMs: HOUR },
  /** Single sign-ons started per IP address (each stores a sign-in under way for ten minutes). */
  ssoStartIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Webhook calls with a missing, wrong or revoked ingest key, per IP address. */
  ingestKeyIp: { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitKey {
  rule: RateLimitName;
  value: string;
}

const keyOf = ({ rule, value }: RateLimitKey) => `${rule}:${value.toLowerCase()}`;

/** How many hits between two clean-ups of ended windows, per instance. */
const CLEANUP_EVERY = 200;

/**
 * Rate limits kept in the database so that every API instance counts the same attempts. A
 * window opens at a key's first attempt and lasts the rule's length (a fixed window per key:
 * simple, and the caller can be told exactly when it may try again).
 */
export function createRateLimitService({
  windows,
  log,
}: {
  windows: RateLimitsRepository;
  log: FastifyBaseLogger;
}) {
  let hits = 0;

  function maybeCleanUp() {
    hits += 1;
    if (hits % CLEANUP_EVERY !== 0) return;
    windows.removeEnded().catch((err: unknown) => log.warn({ err }, 'rate limit clean-up failed'));
  }

  async function hitOne(key: RateLimitKey) {
    const { limit, windowMs } = RATE_LIMITS[key.rule];
    maybeCleanUp();
    const row = await windows.hit(keyOf(key), windowMs);
    if (!row) throw new Error('rate limit upsert returned nothing');
    return { count: row.count, limit, retryAt: row.windowEnd };
  }

  return {
    /** Counts one attempt on each key and returns the counts. */
    hit: (keys: RateLimitKey[]) => Promise.all(keys.map(hitOne)),

    /** Counts one attempt on each key; fails with 429 when any key is now over its limit. */
    async consume(keys: RateLimitKey[], kind: RateLimitKind = 'attempts'): Promise<void> {
      const results = await Promise.all(keys.map(hitOne));
      const over = results.filter((result) => result.count > result.limit);
      if (over.length > 0) throw new RateLimitError(latest(over.map((o) => o.retryAt)), kind);
    },

    /**
     * Takes `amount` from the key's allowance, all or nothing: when it would go over the limit,
     * nothing is counted and the answer is 429 until the window ends.
     */
    async take(key: RateLimitKey, amount: number, kind: RateLimitKind = 'attempts') {
      const { limit, windowMs } = RATE_LIMITS[key.rule];
      maybeCleanUp();
      if (await windows.hit(keyOf(key), windowMs, amount, limit)) return;
      const [open] = await windows.peek([keyOf(key)]);
      throw new RateLimitError(open?.windowEnd ?? new Date(Date.now() + windowMs), kind);
    },

    /** Fails with 429 when any key has already reached its limit; counts nothing. */
    async refuseWhenReached(keys: RateLimitKey[], kind: RateLimitKind = 'attempts') {
      const rows = await windows.peek(keys.map(keyOf));
      const reached = rows.filter((row) => {
        const key = keys.find((k) => keyOf(k) === row.key);
        return key !== undefined && row.count >= RATE_LIMITS[key.rule].limit;
      });
      if (reached.length > 0)
        throw new RateLimitError(latest(reached.map((r) => r.windowEnd)), kind);
    },
  };
}

const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

export type RateLimitService = ReturnType<typeof createRateLimitService>;
