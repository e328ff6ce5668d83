import {
  BYTE_ORDERS,
  DEVICE_HISTORY_KINDS,
  type DeviceTypeCodec,
  MEASUREMENT_QUANTITIES,
  MEASUREMENT_TYPES,
} from '@vahti/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordState } from './common.js';
import { organizations } from './organizations.js';
import { targets } from './targets.js';
import { users } from './users.js';

// Vainu's device register (spec 001 §3): measurements, device types (ordered measurements: the
// payload layout), devices on targets, their alarm limits and history. Every table but the
// type-measurement link carries its organization.

export const measurementType = pgEnum('measurement_type', MEASUREMENT_TYPES);
export const byteOrder = pgEnum('byte_order', BYTE_ORDERS);
export const deviceHistoryKind = pgEnum('device_history_kind', DEVICE_HISTORY_KINDS);
export const measurementQuantity = pgEnum('measurement_quantity', MEASUREMENT_QUANTITIES);

export const measurements = pgTable(
  'measurements',
  {
    measurementId: uuid('measurement_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    measurementName: text('name').notNull(),
    measurementType: measurementType('type').notNull().default('byte'),
    measurementSizeInBytes: smallint('size_in_bytes').notNull(),
    measurementBitNumber: smallint('bit_number').notNull(),
    measurementState: recordState('state').notNull().default('Aktiivinen'),
    measurementDescription: text('description'),
    measurementMinDefault: doublePrecision('min_default'),
    measurementMaxDefault: doublePrecision('max_default'),
    /** Physical bounds: ingestion rejects a value outside them (null: no bound). */
    measurementValidMin: doublePrecision('valid_min'),
    measurementValidMax: doublePrecision('valid_max'),
    measurementSigned: boolean('signed').notNull().default(false),
    measurementScale: doublePrecision('scale').notNull().default(1),
    measurementOffset: doublePrecision('value_offset').notNull().default(0),
    measurementUnit: text('unit').notNull().default(''),
    measurementByteOrder: byteOrder('byte_order').notNull().default('big'),
    /** What it measures (issue 12): guidelines and application gating key on this. */
    measurementQuantity: measurementQuantity('quantity').notNull().default('other'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('measurements_organization_name_key').on(t.organizationId, t.measurementName),
    check('measurements_size_check', sql`${t.measurementSizeInBytes} between 1 and 8`),
    check('measurements_bit_check', sql`${t.measurementBitNumber} between 1 and 8`),
    check(
      'measurements_bit_size_check',
      sql`${t.measurementType} <> 'bit' or ${t.measurementSizeInBytes} = 1`,
    ),
    check('measurements_scale_check', sql`${t.measurementScale} <> 0`),
    check(
      'measurements_default_order_check',
      sql`${t.measurementMinDefault} is null or ${t.measurementMaxDefault} is null or ${t.measurementMinDefault} < ${t.measurementMaxDefault}`,
    ),
    check(
      'measurements_valid_order_check',
      sql`${t.measurementValidMin} is null or ${t.measurementValidMax} is null or ${t.measurementValidMin} < ${t.measurementValidMax}`,
    ),
  ],
);

export const deviceTypes = pgTable(
  'device_types',
  {
    deviceTypeId: uuid('device_type_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceTypeName: text('name').notNull(),
    /** The device-network (ChirpStack) device profile linked to this type, at most one per organization. */
    deviceProfileId: text('device_profile_id'),
    /** Silence (no uplink) after which an Aktiivinen device of the type gets an offline alarm; null: none. */
    deviceTypeOfflineAfterMinutes: integer('offline_after_minutes'),
    /** How long values must stay beyond a limit before its alarm opens; null: at once. */
    deviceTypeAlarmDelayMinutes: integer('alarm_delay_minutes'),
    /** Passiivinen: retired, offered for no new device; its devices still decode. */
    deviceTypeState: recordState('state').notNull().default('Aktiivinen'),
    deviceTypeDescription: text('description'),
    /**
     * Where values come from and how they are read (`DeviceTypeCodec`, ADR 0036); null for a type
     * from before it: read by its measurements' own layout.
     */
    deviceTypeCodec: jsonb('codec').$type<DeviceTypeCodec>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Changes with every edit: the ingest's cached codec is keyed by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('device_types_organization_name_key').on(t.organizationId, t.deviceTypeName),
    unique('device_types_organization_profile_key').on(t.organizationId, t.deviceProfileId),
    check(
      'device_types_offline_after_check',
      sql`${t.deviceTypeOfflineAfterMinutes} between 5 and 43200`,
    ),
    check(
      'device_types_alarm_delay_check',
      sql`${t.deviceTypeAlarmDelayMinutes} between 1 and 1440`,
    ),
  ],
);

/** A device type's measurements in payload order (position 0 first). */
export const deviceTypeMeasurements = pgTable(
  'device_type_measurements',
  {
    deviceTypeId: uuid('device_type_id')
      .notNull()
      .references(() => deviceTypes.deviceTypeId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    measurementId: uuid('measurement_id')
      .notNull()
      .references(() => measurements.measurementId),
    /** Where the value sits in a decoded object (`DECODED_PATH`); null: the measurement's name. */
    decodedPath: text('decoded_path'),
    /** Decimals every value is rounded to; null: what the field's scale gives. */
    decimals: smallint('decimals'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceTypeId, t.position] }),
    check('device_type_measurements_decimals_check', sql`${t.decimals} between 0 and 6`),
    unique('device_type_measurements_measurement_key').on(t.deviceTypeId, t.measurementId),
    index('device_type_measurements_measurement_idx').on(t.measurementId),
  ],
);

export const devices = pgTable(
  'devices',
  {
    deviceId: uuid('device_id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceTargetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId),
    deviceTypeId: uuid('device_type_id')
      .notNull()
      .references(() => deviceTypes.deviceTypeId),
    deviceQrCode: text('qr_code').notNull(),
    deviceName: text('name').notNull(),
    /** LoRaWAN DevEUI, upper-case hex; unique across the service (uplinks find devices by it). */
    deviceEui: text('dev_eui').notNull(),
    deviceSerialNumber: text('serial_number').notNull(),
    deviceComissioiningDay: date('commissioning_day', { mode: 'string' }).notNull(),
    deviceLocation: text('location').notNull(),
    deviceLatitude: doublePrecision('latitude').notNull(),
    deviceLongitude: doublePrecision('longitude').notNull(),
    deviceSwVersion: text('sw_version').notNull(),
    deviceProductCode: text('product_code').notNull(),
    deviceState: recordState('state').notNull().default('Aktiivinen'),
    deviceDescription: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('devices_dev_eui_key').on(t.deviceEui),
    unique('devices_organization_qr_code_key').on(t.organizationId, t.deviceQrCode),
    index('devices_organization_idx').on(t.organizationId),
    index('devices_target_idx').on(t.deviceTargetId),
    check('devices_dev_eui_check', sql`${t.deviceEui} ~ '^[0-9A-F]{16}$'`),
  ],
);

/**
 * Alarm limits of a device or of a target (exactly one of the two). A device's effective limit
 * per measurement is its own, else its target's, else the measurement's type default.
 */
export const alarmLimits = pgTable(
  'alarm_limits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceId: uuid('device_id').references(() => devices.deviceId, { onDelete: 'cascade' }),
    targetId: uuid('target_id').references(() => targets.targetId, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id')
      .notNull()
      .references(() => measurements.measurementId),
    lowLimit: doublePrecision('low_limit').notNull(),
    highLimit: doublePrecision('high_limit').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alarm_limits_order_check', sql`${t.lowLimit} < ${t.highLimit}`),
    check('alarm_limits_owner_check', sql`(${t.deviceId} is null) <> (${t.targetId} is null)`),
    uniqueIndex('alarm_limits_device_measurement_key')
      .on(t.deviceId, t.measurementId)
      .where(sql`${t.deviceId} is not null`),
    uniqueIndex('alarm_limits_target_measurement_key')
      .on(t.targetId, t.measurementId)
      .where(sql`${t.targetId} is not null`),
  ],
);

/** Who changed a device or its limits, when, what, and the action note. Insert only. */
export const deviceHistory = pgTable(
  'device_history',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    kind: deviceHistoryKind('kind').notNull(),
    /** The target's name at the time. */
    targetName: text('target_name').notNull(),
    actorId: uuid('actor_id').references(() => users.userId, { onDelete: 'set null' }),
    /** The actor's name at the time, kept after the user is gone. */
    fullName: text('full_name').notNull(),
    deviceText: text('device_text').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Orders entries written in one transaction (same createdAt). */
    serial: integer('serial').generatedAlwaysAsIdentity(),
  },
  (t) => [index('device_history_device_idx').on(t.deviceId, t.kind, t.createdAt)],
);

/**
 * Which devices (and which of their measurements) a user follows: the device-to-user link of
 * spec 001 §3. `deviceMeasurements` keeps the spec's shape: [{ "<measurementId>": true }, …].
 */
export const userDevices = pgTable(
  'user_devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    deviceUserId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => targets.targetId, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    deviceMeasurements: jsonb('measurements')
      .$type<Record<string, boolean>[]>()
      .notNull()
      .default([]),
    measurementsState: recordState('state').notNull().default('Aktiivinen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_devices_user_device_key').on(t.deviceUserId, t.deviceId),
    index('user_devices_organization_idx').on(t.organizationId),
    index('user_devices_device_idx').on(t.deviceId),
  ],
);
