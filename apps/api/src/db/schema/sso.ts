import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRole } from './common.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * An organization's single sign-on through its own OpenID provider (issue 31): one row per
 * organization. The client secret is kept encrypted (AES-256-GCM, lib/secret-box.ts) and never
 * answered; new users created at their first sign-in get the role, permissions and targets here.
 */
export const organizationSso = pgTable('organization_sso', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.organizationId, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  userRoles: userRole('role').notNull(),
  userPermissions: smallint('permissions').array().notNull(),
  targetIds: uuid('target_ids').array().notNull().default(sql`'{}'::uuid[]`),
  passwordSignIn: boolean('password_sign_in').notNull().default(true),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains of each organization's single sign-on: a domain belongs to one
 * organization at most, so the login screen knows where an address signs in.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizationSso.organizationId, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_organization_idx').on(t.organizationId)],
);

/**
 * Sign-ins under way. A started one has the SHA-256 of its state (and the nonce and PKCE
 * verifier the callback needs); a finished one the SHA-256 of the one-time code the browser
 * trades for a session, and the user, or the failure the browser is told of (then the
 * organization may be unknown: a state nobody issued). Each is deleted as it is used (single
 * use) and is good for ten minutes at most.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').references(() => organizations.organizationId, {
      onDelete: 'cascade',
    }),
    stateHash: text('state_hash').unique('sso_sign_ins_state_hash_key'),
    /** SHA-256 of the cookie that ties the sign-in to the browser that started it. */
    browserHash: text('browser_hash'),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    codeHash: text('code_hash').unique('sso_sign_ins_code_hash_key'),
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    /** The error code the completion answers with, when the sign-in failed. */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_sign_ins_expires_idx').on(t.expiresAt)],
);
