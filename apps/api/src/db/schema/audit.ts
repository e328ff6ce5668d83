import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * Who changed what and when. Rows are only ever inserted. The actor's e-mail is copied so the
 * entry still says who it was after the user is gone; details never hold a password or a code.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.userId, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** entity.verb, e.g. user.create, user.role, target.update, registrationCode.revoke */
    action: text('action').notNull(),
    entityId: text('entity_id'),
    /** The organization the changed record belongs to, for filtering. */
    organizationId: uuid('organization_id').references(() => organizations.organizationId, {
      onDelete: 'set null',
    }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_organization_at_idx').on(t.organizationId, t.at),
  ],
);
