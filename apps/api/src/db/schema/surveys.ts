import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordState } from './common.js';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

// Tieto surveys (spec 001 §3): question groups and questions of an organization, surveys built
// from them for some of its targets, and the answers.

export const questionGroups = pgTable(
  'question_groups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    name: text('name').notNull(),
    description: text('description').notNull(),
    state: recordState('state').notNull().default('Aktiivinen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_groups_organization_idx').on(t.organizationId)],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    groupId: uuid('group_id')
      .notNull()
      .references(() => questionGroups.id),
    description: text('description').notNull(),
    state: recordState('state').notNull().default('Aktiivinen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_organization_idx').on(t.organizationId),
    index('questions_group_idx').on(t.groupId),
  ],
);

/** A survey (kysely, "query" on the wire). */
export const queries = pgTable(
  'queries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    title: text('title').notNull(),
    description: text('description').notNull(),
    state: recordState('state').notNull().default('Aktiivinen'),
    /** The first and last day (Finnish time) answers are taken; null: no bound. */
    opensOn: date('opens_on', { mode: 'string' }),
    closesOn: date('closes_on', { mode: 'string' }),
    /** When the last reminder went to the audience members who had not answered. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** How many reminders have gone (at most one per SURVEY_REMINDER_INTERVAL_HOURS). */
    reminderCount: integer('reminder_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('queries_organization_idx').on(t.organizationId),
    check('queries_dates_check', sql`${t.closesOn} >= ${t.opensOn}`),
  ],
);

/** The targets a survey concerns. */
export const queryTargets = pgTable(
  'query_targets',
  {
    queryId: uuid('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.queryId, t.targetId] }),
    index('query_targets_target_idx').on(t.targetId),
  ],
);

/** A survey's questions in order (the call sends them comma-joined; stored one a row). */
export const queryQuestions = pgTable(
  'query_questions',
  {
    queryId: uuid('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.queryId, t.questionId] }),
    unique('query_questions_position_key').on(t.queryId, t.position),
    index('query_questions_question_idx').on(t.questionId),
  ],
);

/** One user's answer to a survey for one target: at most one (the unique key). */
export const queryResults = pgTable(
  'query_results',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    queryId: uuid('query_id')
      .notNull()
      .references(() => queries.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
    /** Null once the user's account is gone: the answer still counts. */
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'set null' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('query_results_query_target_user_key').on(t.queryId, t.targetId, t.userId),
    index('query_results_organization_idx').on(t.organizationId),
  ],
);

/** The value (1–5) a result gives one question. */
export const queryAnswers = pgTable(
  'query_answers',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => queryResults.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    value: smallint('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.questionId] }),
    index('query_answers_question_idx').on(t.questionId),
    check('query_answers_value_check', sql`${t.value} between 1 and 5`),
  ],
);
