import { z } from 'zod';
import {
  INDOOR_CLIMATE_CLASSES,
  indoorClimateClass,
  isClassifiedQuantity,
} from '../charts/guidelines.js';

// A device's latest value per measurement and how it stands (issue 27): against its effective
// alarm limits, and in the indoor climate class where the measurement has one. Served by the
// device page and the Vainu dashboard, judged here so both read the same.

/**
 * How a device is connected, the one definition the offline alarm sweep, the dashboard's lists
 * and its doughnuts share (apps/api/src/db/device-connection.ts): `silent` is 'Ei yhteyttä'
 * (its type's offline limit passed since the newest reading's measurement time), `neverReported`
 * 'Ei koskaan raportoinut', `passive` out of use.
 */
export const DEVICE_CONNECTIONS = ['reporting', 'silent', 'neverReported', 'passive'] as const;
export type DeviceConnection = (typeof DEVICE_CONNECTIONS)[number];

/** Below the low limit, within both, above the high limit. */
export const LIMIT_STATES = ['under', 'within', 'over'] as const;
export type LimitState = (typeof LIMIT_STATES)[number];

/** The indoor climate class a value meets, or `outside` when it meets none (not even S3). */
export const VALUE_CLASSES = [...INDOOR_CLIMATE_CLASSES, 'outside'] as const;
export type ValueClass = (typeof VALUE_CLASSES)[number];

export const latestValue = z.object({
  measurementId: z.string(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  /** The newest stored value, null when none of the device's readings has it. */
  value: z.number().nullable(),
  /** Measurement time of that value (ISO 8601). */
  measuredAt: z.string().nullable(),
  /** The effective limits (device → target → measurement default); null: none on that side. */
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  /** null without a value or without any limit. */
  limitState: z.enum(LIMIT_STATES).nullable(),
  /** The indoor climate class (Sisäilmastoluokitus 2018) for CO2 and temperature, else null. */
  indoorClass: z.enum(VALUE_CLASSES).nullable(),
});
export type LatestValue = z.infer<typeof latestValue>;

/** A value against its limits (bounds inclusive: at a limit is within), null without limits. */
export function limitStateOf(
  value: number,
  lowLimit: number | null,
  highLimit: number | null,
): LimitState | null {
  if (lowLimit === null && highLimit === null) return null;
  if (highLimit !== null && value > highLimit) return 'over';
  if (lowLimit !== null && value < lowLimit) return 'under';
  return 'within';
}

/** The indoor climate class of a value of the quantity, null for an unclassified quantity. */
export function valueClassOf(quantity: string, value: number): ValueClass | null {
  if (!isClassifiedQuantity(quantity)) return null;
  return indoorClimateClass(quantity, value) ?? 'outside';
}
