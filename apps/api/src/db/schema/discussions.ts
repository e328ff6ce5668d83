import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordState } from './common.js';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

// Tieto discussions (spec 001 §3). Each table carries the organization so that every read and
// write is filtered by it directly; a comment's organization is its discussion's (the repository
// copies it from the discussion row it inserts under).

/** A discussion of one target, with a moderator of its organization. */
export const discussions = pgTable(
  'discussions',
  {
    discussionId: uuid('discussion_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
    moderatorId: uuid('moderator_id')
      .notNull()
      .references(() => users.userId),
    discussionTitle: text('title').notNull(),
    discussionDescription: text('description').notNull(),
    discussionState: recordState('state').notNull().default('Aktiivinen'),
    /** Listed first; set by a moderator. */
    pinned: boolean('pinned').notNull().default(false),
    /** No new comments while locked; set by a moderator. */
    locked: boolean('locked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discussions_organization_idx').on(t.organizationId, t.createdAt),
    index('discussions_target_idx').on(t.targetId, t.createdAt),
    // Full-text search (the repository's `matches` uses the same expressions).
    index('discussions_search_idx').using(
      'gin',
      sql`to_tsvector('finnish', ${t.discussionTitle} || ' ' || ${t.discussionDescription})`,
    ),
  ],
);

/** A comment of a discussion, by its writer. */
export const discussionComments = pgTable(
  'discussion_comments',
  {
    discussionCommentId: uuid('comment_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.discussionId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    discussionComment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discussion_comments_discussion_idx').on(t.discussionId, t.createdAt),
    check('discussion_comments_length', sql`char_length(${t.discussionComment}) <= 5000`),
    index('discussion_comments_search_idx').using(
      'gin',
      sql`to_tsvector('finnish', ${t.discussionComment})`,
    ),
  ],
);

/** A reply to a comment. */
export const discussionSubComments = pgTable(
  'discussion_sub_comments',
  {
    discussionCommentSubId: uuid('sub_comment_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.discussionId, { onDelete: 'cascade' }),
    discussionCommentId: uuid('comment_id')
      .notNull()
      .references(() => discussionComments.discussionCommentId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId),
    discussionSubComment: text('sub_comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discussion_sub_comments_comment_idx').on(t.discussionCommentId, t.createdAt),
    check('discussion_sub_comments_length', sql`char_length(${t.discussionSubComment}) <= 5000`),
    index('discussion_sub_comments_search_idx').using(
      'gin',
      sql`to_tsvector('finnish', ${t.discussionSubComment})`,
    ),
  ],
);

/**
 * Who follows a discussion: they get a mail about new comments, at most one per discussion per
 * hour (`lastNotifiedAt`). Off until the user turns it on.
 */
export const discussionFollowers = pgTable(
  'discussion_followers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.discussionId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

/**
 * When a user last opened a discussion: comments and replies by others after it are unread.
 * No row = never opened (everything by others is unread).
 */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.discussionId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);
