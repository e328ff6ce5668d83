import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

const userColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' });
const organizationColumn = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.organizationId, { onDelete: 'cascade' });

/**
 * Sign-ins (issue 31): one row per session token issued. The token names its row (`sid`), so
 * one session ends by deleting its row; the token version still ends them all. A row whose
 * `token_version` is behind the user's is dead and is no longer listed.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    sessionId: uuid('session_id').primaryKey().default(sql`gen_random_uuid()`),
    userId: userColumn(),
    organizationId: organizationColumn(),
    tokenVersion: integer('token_version').notNull(),
    /** How the session began: password, totp, passkey, recovery code, trusted browser. */
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/**
 * A user's TOTP authenticator: the secret encrypted with a key derived from JWT_SECRET, never
 * returned after enrolment. `confirmedAt` null: enrolment begun, not yet proven with a code.
 * `lastStep`: the 30-second step of the last accepted code; a code of that step or earlier is
 * refused, so a code cannot be used twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: userColumn().primaryKey(),
  organizationId: organizationColumn(),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Passkeys (WebAuthn credentials), several per user, each with a name. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    passkeyId: uuid('passkey_id').primaryKey().default(sql`gen_random_uuid()`),
    userId: userColumn(),
    organizationId: organizationColumn(),
    /** base64url, as the authenticator gave it */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_idx').on(t.credentialId),
    index('user_passkeys_user_idx').on(t.userId),
  ],
);

/** Ten single-use recovery codes, stored as HMAC-SHA256 under a key derived from JWT_SECRET. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    codeId: uuid('code_id').primaryKey().default(sql`gen_random_uuid()`),
    userId: userColumn(),
    organizationId: organizationColumn(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_recovery_codes_hash_idx').on(t.userId, t.codeHash)],
);

/** "Trust this browser for 30 days": a random token kept by the browser, stored as SHA-256. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    trustedBrowserId: uuid('trusted_browser_id').primaryKey().default(sql`gen_random_uuid()`),
    userId: userColumn(),
    organizationId: organizationColumn(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_browsers_token_idx').on(t.tokenHash),
    index('trusted_browsers_user_idx').on(t.userId),
  ],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is used once (deleted when
 * answered) and lives five minutes, so an assertion cannot be replayed on any instance.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  /** The user it was issued for; null for a password-less sign-in (anyone's passkey). */
  userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
