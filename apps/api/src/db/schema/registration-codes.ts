import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

/**
 * Registration codes for self-registration. Only the SHA-256 of the code is stored: the code is
 * 256 random bits, so a fast hash is enough (nothing to brute-force) and a leaked table row
 * cannot be used to register. What the code grants is looked up here, never read from the code.
 */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    codeHash: text('code_hash').notNull().unique('registration_codes_code_hash_key'),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    /**
     * What a user who registers with the code may open. Least privilege by default: 1 (Tieto)
     * only, because codes are handed to residents in bulk and Tieto is what a resident needs;
     * an administrator grants more explicitly.
     */
    permissions: smallint('permissions').array().notNull().default(sql`'{1}'::smallint[]`),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
    /** Registrations allowed; null: any number until the code expires or is revoked. */
    maxUses: integer('max_uses'),
  },
  (t) => [index('registration_codes_organization_idx').on(t.organizationId)],
);

/** The targets a code links its users to (a join table, so a deleted target drops out). */
export const registrationCodeTargets = pgTable(
  'registration_code_targets',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => registrationCodes.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.targetId] }),
    index('registration_code_targets_target_idx').on(t.targetId),
  ],
);
