import {
  bigint,
  boolean,
  doublePrecision,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.js';
import { organizations } from './organizations.js';

// Device health (issue 25): one narrow row per device with the latest radio and battery figures,
// upserted once per device per ingest group in the readings' transaction — never a row per uplink.

export const deviceHealth = pgTable('device_health', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.deviceId, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.organizationId),
  /** The newest uplink's measurement time: its radio figures, fPort and fCnt are below. */
  uplinkAt: timestamp('uplink_at', { withTimezone: true }),
  rssi: smallint('rssi'),
  snr: real('snr'),
  gateways: smallint('gateways'),
  gatewayId: text('gateway_id'),
  spreadingFactor: smallint('spreading_factor'),
  frequency: bigint('frequency', { mode: 'number' }),
  fPort: smallint('f_port'),
  fCnt: bigint('f_cnt', { mode: 'number' }),
  /** The newest uplink's FRMPayload (base64, ≤ 242 bytes): replayed through an edited codec. */
  payload: text('payload'),
  /** Percent, from a status event or a battery measurement; batteryAt is when it was reported. */
  battery: doublePrecision('battery'),
  batteryAt: timestamp('battery_at', { withTimezone: true }),
  /** From the last ChirpStack status event (statusAt). */
  margin: smallint('margin'),
  externalPower: boolean('external_power'),
  statusAt: timestamp('status_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
