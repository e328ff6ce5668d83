import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { measurements } from './devices.js';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

/**
 * Scheduled reports (issue 28): the PDF report of one target (or, with no target, of every
 * target of the organization) and its readings as XLSX, mailed weekly or monthly. The row is
 * also the job's queue entry: the runner claims due rows (`next_run_at` passed or
 * `send_requested_at` set) by moving `lease_until` ahead under SKIP LOCKED, so one instance runs a
 * schedule at a time; a failed run leaves its error and a later `lease_until` (the back-off).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    /** Null: every target of the organization. */
    targetId: uuid('target_id').references(() => targets.targetId, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id')
      .notNull()
      .references(() => measurements.measurementId, { onDelete: 'cascade' }),
    /** weekly | monthly */
    frequency: text('frequency').notNull().$type<'weekly' | 'monthly'>(),
    /** Weekly: ISO weekday 1–7. */
    weekday: smallint('weekday'),
    /** Monthly: 1–31, 0 for the last day of the month. */
    monthDay: smallint('month_day'),
    /** Hour of the run in Europe/Helsinki, 0–23. */
    hour: smallint('hour').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** "Lähetä nyt": a run of the latest full period is wanted. */
    sendRequestedAt: timestamp('send_requested_at', { withTimezone: true }),
    /** A runner holds the row (or a failed run waits for its retry) until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Failed attempts of the run now due. */
    attempts: integer('attempts').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastPeriodStart: date('last_period_start'),
    lastPeriodEnd: date('last_period_end'),
    /** The mails of the latest successful run, whose delivery state is the schedule's. */
    lastMailIds: uuid('last_mail_ids').array(),
    /** 'retrying' or 'failed' when the latest run failed; null after a run that mailed. */
    lastFailure: text('last_failure').$type<'retrying' | 'failed'>(),
    /** The failure's i18n key under reportSchedules.runErrors. */
    lastError: text('last_error'),
  },
  (t) => [
    index('report_schedules_organization_idx').on(t.organizationId),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);

/** Who gets a schedule's mail: users of its organization. */
export const reportScheduleRecipients = pgTable(
  'report_schedule_recipients',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] }), index().on(t.userId)],
);
