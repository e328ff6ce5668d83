import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, unique, uuid } from 'drizzle-orm/pg-core';
import { targets } from './targets.js';
import { users } from './users.js';

// The tables that tie users to targets. They carry no organization column of their own: a link
// is within one organization because both ends are (the services check it on every write, and
// the repositories join the ends to filter by scope).

/** Which targets a user belongs to (UserTargets of spec 000 §3). */
export const userTargets = pgTable(
  'user_targets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('user_targets_user_target_key').on(t.userId, t.targetId),
    index('user_targets_target_idx').on(t.targetId),
  ],
);

/** targetContactUser: the users to contact about a target. */
export const targetContactUsers = pgTable(
  'target_contact_users',
  {
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.userId] })],
);
