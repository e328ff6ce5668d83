import { z } from 'zod';
import { id, longText, msg, recordOf, recordState, requiredField, text } from './fields.js';

// Measurements and device types of Vainu (spec 001 §3, §5, §7). A measurement is one field of a
// device's payload; a device type is an ordered list of measurements: its payload layout, which
// the uplink decoder reads in order.

/** `validation.device.*` keys: the Vainu registry's own validation texts. */
export const deviceMsg = (key: string) => `validation.device.${key}`;

export const MEASUREMENT_TYPES = ['byte', 'bit'] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];
export const BYTE_ORDERS = ['big', 'little'] as const;
export type ByteOrder = (typeof BYTE_ORDERS)[number];
/** A byte field is an integer of 1 to 8 bytes (64 bits); a bit field reads one byte. */
export const MEASUREMENT_MAX_BYTES = 8;
/**
 * What a measurement measures (issue 12, decision 1): the report's guidelines and the
 * Sisäilmastoluokitus classes key on this, never on the measurement's name.
 */
export const MEASUREMENT_QUANTITIES = [
  'temperature',
  'humidity',
  'co2',
  'pm25',
  'pm10',
  'pressureDifference',
  'tvoc',
  'energy',
  'power',
  /** Battery charge in percent (0–100): a device-health figure as well as a reading. */
  'battery',
  'other',
] as const;
export type MeasurementQuantity = (typeof MEASUREMENT_QUANTITIES)[number];
/** The application an organization needs to read a quantity: 1 power guard, 2 indoor air. */
export const QUANTITY_APPLICATION: Record<MeasurementQuantity, 1 | 2> = {
  temperature: 2,
  humidity: 2,
  co2: 2,
  pm25: 2,
  pm10: 2,
  pressureDifference: 2,
  tvoc: 2,
  energy: 1,
  power: 1,
  battery: 2,
  other: 2,
};
/** The quantities an organization with these application ids may read. */
export function readableQuantities(applicationIds: readonly number[]): MeasurementQuantity[] {
  return MEASUREMENT_QUANTITIES.filter((q) => applicationIds.includes(QUANTITY_APPLICATION[q]));
}

/**
 * The physical bounds of a reading: ingestion refuses a value outside them (`invalidValue`), so
 * an impossible number never reaches readings, summaries or alarms. A measurement's kind is its
 * `measurementQuantity` ("Suure", already what guidelines and classes key on) — not its name or
 * unit, which are free text in any language (TVOC comes in ppb and in µg/m³). These are the
 * defaults of a new measurement of that quantity (and of existing rows, migration 0017); each
 * measurement can change them. PM1 has no quantity of its own: a PM1 measurement is `other`
 * and gets the PM range by hand. Energy, power and other have no default bound (a meter's
 * counter and an arbitrary quantity have no honest universal limit): only non-finite numbers
 * are refused for them until someone sets a bound.
 */
export const PLAUSIBLE_RANGES: Record<
  MeasurementQuantity,
  { measurementValidMin: number | null; measurementValidMax: number | null }
> = {
  temperature: { measurementValidMin: -60, measurementValidMax: 120 },
  humidity: { measurementValidMin: 0, measurementValidMax: 100 },
  co2: { measurementValidMin: 0, measurementValidMax: 40_000 },
  pm25: { measurementValidMin: 0, measurementValidMax: 2000 },
  pm10: { measurementValidMin: 0, measurementValidMax: 2000 },
  pressureDifference: { measurementValidMin: -500, measurementValidMax: 500 },
  tvoc: { measurementValidMin: 0, measurementValidMax: 60_000 },
  energy: { measurementValidMin: null, measurementValidMax: null },
  power: { measurementValidMin: null, measurementValidMax: null },
  battery: { measurementValidMin: 0, measurementValidMax: 100 },
  other: { measurementValidMin: null, measurementValidMax: null },
};

/** True when the value is a finite number within the bounds (a null bound is no bound). */
export function isPlausible(
  value: number,
  bounds: { measurementValidMin: number | null; measurementValidMax: number | null },
): boolean {
  return (
    Number.isFinite(value) &&
    (bounds.measurementValidMin === null || value >= bounds.measurementValidMin) &&
    (bounds.measurementValidMax === null || value <= bounds.measurementValidMax)
  );
}

/** Limits and defaults stay within ±1e9: far past any sensor reading, exact in a double. */
export const MEASUREMENT_VALUE_MAX = 1_000_000_000;

/** A number of a form or body: finite, within ±1e9. */
export const limitValue = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? msg('required') : msg('invalidValue'),
    })
    .min(-MEASUREMENT_VALUE_MAX, { error: msg('invalidValue') })
    .max(MEASUREMENT_VALUE_MAX, { error: msg('invalidValue') });

const measurementFields = {
  measurementName: requiredField(100),
  /** byte: an integer of measurementSizeInBytes bytes; bit: one bit (measurementBitNumber) of one byte. */
  measurementType: z.enum(MEASUREMENT_TYPES, { error: msg('invalidValue') }).default('byte'),
  measurementSizeInBytes: z
    .number({
      error: (issue) => (issue.input === undefined ? msg('required') : msg('invalidValue')),
    })
    .int({ error: deviceMsg('sizeRange') })
    .min(1, { error: deviceMsg('sizeRange') })
    .max(MEASUREMENT_MAX_BYTES, { error: deviceMsg('sizeRange') }),
  /** 1 = the least significant bit. Required by the form (spec 001 §5); read for bit fields only. */
  measurementBitNumber: z
    .number({
      error: (issue) => (issue.input === undefined ? msg('required') : msg('invalidValue')),
    })
    .int({ error: deviceMsg('bitNumberRange') })
    .min(1, { error: deviceMsg('bitNumberRange') })
    .max(8, { error: deviceMsg('bitNumberRange') }),
  measurementState: recordState().default('Aktiivinen'),
  measurementDescription: longText(),
  /** The alarm limits a device of a type with this measurement has unless its target or itself sets others. */
  measurementMinDefault: limitValue().nullable().optional(),
  measurementMaxDefault: limitValue().nullable().optional(),
  /**
   * The physical bounds (PLAUSIBLE_RANGES): an uplink with a value outside them is rejected as
   * invalidValue. Omitted: the quantity's default; null: no bound on that side.
   */
  measurementValidMin: limitValue().nullable().optional(),
  measurementValidMax: limitValue().nullable().optional(),
  /** Two's complement when true (byte fields). Default false. */
  measurementSigned: z.boolean({ error: msg('invalidValue') }).default(false),
  /** value = raw × scale + offset. Default 1; never 0. */
  measurementScale: z
    .number({ error: msg('invalidValue') })
    .min(-1e6, { error: msg('invalidValue') })
    .max(1e6, { error: msg('invalidValue') })
    .refine((value) => value !== 0, { error: deviceMsg('scaleZero') })
    .default(1),
  measurementOffset: z
    .number({ error: msg('invalidValue') })
    .min(-1e6, { error: msg('invalidValue') })
    .max(1e6, { error: msg('invalidValue') })
    .default(0),
  /** Shown after values, e.g. °C, %, ppm, µg/m³, Pa, kWh, W. Default ''. */
  measurementUnit: text()
    .trim()
    .max(20, { error: msg('invalidValue') })
    .default(''),
  /** Byte order of a multi-byte field. Default big (network order). */
  measurementByteOrder: z.enum(BYTE_ORDERS, { error: msg('invalidValue') }).default('big'),
  /** What it measures ("Suure"); default other. */
  measurementQuantity: z
    .enum(MEASUREMENT_QUANTITIES, { error: msg('invalidValue') })
    .default('other'),
};

type MeasurementShape = {
  measurementType: MeasurementType;
  measurementSizeInBytes: number;
  measurementMinDefault?: number | null;
  measurementMaxDefault?: number | null;
  measurementValidMin?: number | null;
  measurementValidMax?: number | null;
};

/** The rules across fields: a bit reads one byte; min default below max default, bounds too. */
function checkMeasurement(value: MeasurementShape, ctx: z.RefinementCtx) {
  if (value.measurementType === 'bit' && value.measurementSizeInBytes !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['measurementSizeInBytes'],
      message: deviceMsg('bitSize'),
    });
  }
  if (
    value.measurementMinDefault != null &&
    value.measurementMaxDefault != null &&
    value.measurementMinDefault >= value.measurementMaxDefault
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['measurementMaxDefault'],
      message: deviceMsg('lowBelowHigh'),
    });
  }
  if (
    value.measurementValidMin != null &&
    value.measurementValidMax != null &&
    value.measurementValidMin >= value.measurementValidMax
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['measurementValidMax'],
      message: deviceMsg('lowBelowHigh'),
    });
  }
}

/** POST /api/measurements */
export const createMeasurementBody = z.object(measurementFields).superRefine(checkMeasurement);
export type CreateMeasurementBody = z.input<typeof createMeasurementBody>;
/** The add/edit form: the same fields. */
export const measurementFormSchema = z.object(measurementFields).superRefine(checkMeasurement);

/** PATCH /api/measurements: the measurement named by measurementId; every field as on create. */
export const updateMeasurementBody = z
  .object({ measurementId: id(), ...measurementFields })
  .superRefine(checkMeasurement);
export type UpdateMeasurementBody = z.input<typeof updateMeasurementBody>;

/** A measurement as the API answers it: the body's fields, its ids and organization. */
export const measurementRecord = recordOf(createMeasurementBody).extend({
  measurementId: z.string(),
  /** The same id under the spec's other spelling. */
  measurementID: z.string(),
  organizationId: z.string(),
});

export type MeasurementRecord = z.infer<typeof measurementRecord>;

export const measurementResponse = z.object({
  message: z.string(),
  measurement: measurementRecord,
});
export const measurementsResponse = z.object({
  message: z.string(),
  measurements: z.array(measurementRecord),
});
export type MeasurementsResponse = z.infer<typeof measurementsResponse>;

/** GET /api/measurements-by-deviceId?deviceTypeId= */
export const deviceTypeQuery = z.object({ deviceTypeId: id() });
/** GET /api/device-measurements?deviceId= */
export const deviceIdQuery = z.object({ deviceId: id() });

/** Where each measurement of a device type sits in the payload. */
export interface LayoutField {
  measurementId: string;
  /** Byte offset from the start of the payload. */
  offset: number;
  sizeInBytes: number;
  /** Bit fields only: 1 = least significant bit. */
  bitNumber?: number;
}

/**
 * The payload layout of a device type, in order: byte fields follow each other; consecutive bit
 * fields share one byte (each reads its own bit of it), and the next byte field starts after it.
 * The decoder of the ingestion issue reads uplinks with this.
 */
export function payloadLayout(
  measurements: readonly Pick<
    MeasurementRecord,
    'measurementId' | 'measurementType' | 'measurementSizeInBytes' | 'measurementBitNumber'
  >[],
): { fields: LayoutField[]; payloadBytes: number } {
  const fields: LayoutField[] = [];
  let offset = 0;
  let previousWasBit = false;
  for (const m of measurements) {
    if (m.measurementType === 'bit') {
      const at = previousWasBit ? offset - 1 : offset;
      if (!previousWasBit) offset += 1;
      fields.push({
        measurementId: m.measurementId,
        offset: at,
        sizeInBytes: 1,
        bitNumber: m.measurementBitNumber,
      });
      previousWasBit = true;
    } else {
      fields.push({
        measurementId: m.measurementId,
        offset,
        sizeInBytes: m.measurementSizeInBytes,
      });
      offset += m.measurementSizeInBytes;
      previousWasBit = false;
    }
  }
  return { fields, payloadBytes: offset };
}

/** The longest LoRaWAN application payload (EU868 at the fastest data rates): a type's layout fits. */
export const MAX_PAYLOAD_BYTES = 242;
