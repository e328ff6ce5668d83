import { NOTIFY_CHANNELS, NOTIFY_EVENTS, NOTIFY_KINDS } from '@vahti/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alarms } from './alarms.js';
import { userRole } from './common.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

// Who hears of an alarm (issue 28, modules/notifications).

export const notifyChannel = pgEnum('notify_channel', NOTIFY_CHANNELS);
export const notifyKind = pgEnum('notify_kind', NOTIFY_KINDS);
export const notifyEvent = pgEnum('notify_event', NOTIFY_EVENTS);

/**
 * One channel's settings of a user (user_id set) or of an organization's defaults (user_id
 * null), which every user without their own row follows. No row at all: DEFAULT_CHANNEL.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    channel: notifyChannel('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    allTargets: boolean('all_targets').notNull(),
    targetIds: uuid('target_ids').array().notNull().default(sql`'{}'::uuid[]`),
    kinds: notifyKind('kinds').array().notNull(),
    events: notifyEvent('events').array().notNull(),
    /** Quiet hours as minutes after midnight, Finnish time; both null: none. */
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    digest: boolean('digest').notNull(),
    digestHour: smallint('digest_hour').notNull(),
    escalations: boolean('escalations').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_settings_user_key')
      .on(t.userId, t.channel)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('notification_settings_organization_key')
      .on(t.organizationId, t.channel)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * Alarm events held back for a user: for the daily digest, or until the quiet hours end. The
 * digest job sends each user's due rows as one message and deletes them in the same
 * transaction, so a restart loses nothing and two instances never send the same row.
 */
export const notificationHeld = pgTable(
  'notification_held',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    channel: notifyChannel('channel').notNull(),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    event: notifyEvent('event').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_held_due_idx').on(t.releaseAt, t.userId)],
);

/**
 * An organization's escalation: step n of an alarm kind reaches the users of `role` once the
 * alarm has stayed unacknowledged `afterMinutes` since it opened.
 */
export const escalationSteps = pgTable(
  'escalation_steps',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    alarmKind: notifyKind('alarm_kind').notNull(),
    step: smallint('step').notNull(),
    afterMinutes: integer('after_minutes').notNull(),
    role: userRole('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.alarmKind, t.step] })],
);
