import { z } from 'zod';
import { STATES } from '../constants.js';
import { id } from './fields.js';
import { DEVICE_CONNECTIONS, latestValue } from './latest-values.js';

// The Vainu device dashboard (spec 001 §2 Vainu 1): devices ok versus in alarm, for the
// organization and per target that has devices, with when each device was last heard of.

/** GET /api/vainu/dashboard?organizationId= (own when left out; another: top role only). */
export const vainuDashboardQuery = z.object({ organizationId: id().optional() });

/**
 * Devices; of them those with an open alarm ('Hälytykset') and, of the rest, the Aktiivinen ones
 * that never reported ('Ei koskaan raportoinut'); 'Kunnossa' = devices − inAlarm − neverReported.
 */
const deviceCounts = z.object({
  devices: z.number().int(),
  inAlarm: z.number().int(),
  neverReported: z.number().int(),
});
export type VainuDeviceCounts = z.infer<typeof deviceCounts>;

export const vainuDashboardDevice = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  deviceLocation: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  deviceState: z.enum(STATES),
  /** The device has an open alarm (it is in the organization's alarm list). */
  inAlarm: z.boolean(),
  /** Measurement time of the newest stored uplink (ISO 8601), null when none was ever stored. */
  lastSeenAt: z.string().nullable(),
  /** When that uplink arrived here (ISO 8601). */
  lastReceivedAt: z.string().nullable(),
  /**
   * The one definition the offline alarm sweep shares (DEVICE_CONNECTIONS): `silent` when its
   * type's offline limit (`deviceTypeOfflineAfterMinutes`) has passed since `lastSeenAt` — the
   * same devices have an open 'Ei yhteyttä' alarm once the sweep has run —, `neverReported`
   * without any reading, `passive` when out of use.
   */
  connection: z.enum(DEVICE_CONNECTIONS),
  /** The latest value of each measurement of the device's type, in the type's order. */
  latest: z.array(latestValue),
});
export type VainuDashboardDevice = z.infer<typeof vainuDashboardDevice>;

export const vainuDashboardResponse = z.object({
  message: z.string(),
  organization: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    organizationAddress: z.string(),
    organizationZipCode: z.string(),
    organizationPostalDistrict: z.string(),
    counts: deviceCounts,
  }),
  /** The targets the caller sees that have devices, by name. */
  targets: z.array(
    z.object({
      targetId: z.string(),
      targetName: z.string(),
      targetAddress: z.string(),
      targetZipCode: z.string(),
      targetPostalDistrict: z.string(),
      counts: deviceCounts,
    }),
  ),
  /** Every device the caller sees, the most recently heard of first (never heard of: last). */
  devices: z.array(vainuDashboardDevice),
});
export type VainuDashboardResponse = z.infer<typeof vainuDashboardResponse>;
