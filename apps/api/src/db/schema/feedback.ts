import { FEEDBACK_MESSAGE_MAX, FEEDBACK_STATES } from '@vahti/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

/** Uusi / Suljettu (spec 001 §4). */
export const feedbackState = pgEnum('feedback_state', FEEDBACK_STATES);

/** Tieto feedback (palaute) about a target, from a user of its organization. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
    /** The sender; null once their account is gone. */
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    state: feedbackState('state').notNull().default('Uusi'),
    /** The staff's answer, shown to the sender; its writer and time, null without one. */
    reply: text('reply'),
    repliedBy: uuid('replied_by').references(() => users.userId, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The sender's optional JPEG: its object name in the 'feedback' storage area. */
    photo: text('photo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedbacks_organization_idx').on(t.organizationId, t.createdAt),
    index('feedbacks_target_idx').on(t.targetId),
    index('feedbacks_user_idx').on(t.userId, t.createdAt),
    check(
      'feedbacks_message_length_check',
      sql`char_length(${t.message}) <= ${sql.raw(String(FEEDBACK_MESSAGE_MAX))}`,
    ),
  ],
);
