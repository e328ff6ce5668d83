import { ALARM_BREAK_THROUGHS, ALARM_EVENT_KINDS } from '@vahti/domain';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices, measurements } from './devices.js';
import { discussions } from './discussions.js';
import { organizations } from './organizations.js';
import { queries } from './surveys.js';
import { users } from './users.js';

// Vainu alarms (spec 001 §3 Alarm, §4): a value above a device's high limit opens an alarm with
// alarmBreakThrough 'up', below the low limit 'down'; it stays open (closedAt null) until the
// value is back inside by the hysteresis. Acknowledgement is a separate state (0/1).

export const alarmBreakThrough = pgEnum('alarm_break_through', ALARM_BREAK_THROUGHS);
export const alarmEventKind = pgEnum('alarm_event_kind', ALARM_EVENT_KINDS);

export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    /** null for the device's own kinds (offline, lowBattery, frameCounterReset). */
    measurementId: uuid('measurement_id').references(() => measurements.measurementId),
    alarmBreakThrough: alarmBreakThrough('break_through').notNull(),
    /** The value that crossed the limit, and the limit it crossed (offline: silent minutes, limit). */
    value: doublePrecision('value').notNull(),
    limitValue: doublePrecision('limit_value').notNull(),
    /** 0 not acknowledged, 1 acknowledged (spec 001 §7 PATCH /api/alarms/ack). */
    state: smallint('state').notNull().default(0),
    /** When the value crossed the limit (the reading's time). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the value came back inside the limit by the hysteresis; null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One open alarm per device, measurement and direction.
    uniqueIndex('alarms_open_key')
      .on(t.deviceId, t.measurementId, t.alarmBreakThrough)
      .where(sql`${t.closedAt} is null`),
    // One open alarm per device of each of its own kinds (offline, lowBattery,
    // frameCounterReset: measurement_id is null only for those; nulls are distinct above).
    uniqueIndex('alarms_device_open_key')
      .on(t.deviceId, t.alarmBreakThrough)
      .where(sql`${t.closedAt} is null and ${t.measurementId} is null`),
    index('alarms_organization_created_idx').on(t.organizationId, t.createdAt),
    index('alarms_device_created_idx').on(t.deviceId, t.createdAt),
  ],
);

/**
 * Values beyond a limit whose alarm waits for the device type's alarm delay (ADR 0024): since
 * when they have been beyond. Removed when the alarm opens or a value comes back inside.
 */
export const alarmPending = pgTable(
  'alarm_pending',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id')
      .notNull()
      .references(() => measurements.measurementId),
    alarmBreakThrough: alarmBreakThrough('break_through').notNull(),
    /** The time of the first reading beyond the limit. */
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.measurementId, t.alarmBreakThrough] })],
);

/**
 * An alarm's timeline: opened, closed, acknowledged, unacknowledged, mailed; who, when and the
 * acknowledgement's comment.
 */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    kind: alarmEventKind('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.userId, { onDelete: 'set null' }),
    /** The actor's name at the time ('' for the system). */
    fullName: text('full_name').notNull().default(''),
    /** The comment given with an (un)acknowledgement (ALARM_COMMENT_MAX); null: none. */
    comment: text('comment'),
    /** 'notified' (issue 29): the discussion the notice opened; null: none or removed. */
    discussionId: uuid('discussion_id').references(() => discussions.discussionId, {
      onDelete: 'set null',
    }),
    /** 'notified': the follow-up survey it sent; null: none or removed. */
    queryId: uuid('query_id').references(() => queries.id, { onDelete: 'set null' }),
    /** 'notified': the dialog's idempotency key; one entry per alarm and key. */
    noticeKey: uuid('notice_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Orders entries written in one transaction. */
    serial: integer('serial').generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('alarm_events_alarm_idx').on(t.alarmId, t.createdAt),
    uniqueIndex('alarm_events_notice_key').on(t.alarmId, t.noticeKey),
    index('alarm_events_query_idx').on(t.queryId).where(sql`${t.queryId} is not null`),
  ],
);
