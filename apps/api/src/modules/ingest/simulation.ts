import {
  type ChirpstackUplink,
  type CodecFrame,
  codecFieldOf,
  type LayoutField,
} from '@vahti/domain';

// The sensor simulator (issue "Ingestion and alarms", Simulator): realistic indoor-air readings
// for a device type's measurements, packed into the type's byte layout exactly as a device would
// (the inverse of codecs/layout.ts), wrapped as ChirpStack v4 uplinks. Pure and deterministic: the same
// device and time always give the same values, fCnt and deduplicationId, so replaying a period
// (a second back-fill) adds nothing. Used by the demo back-fill and trickle (db/demo/simulation.ts)
// and by `npm run simulate` (apps/api/scripts/simulate.ts).

/** A field of a type's measurement layout with its conversion: `value = raw * scale + valueOffset`. */
export interface LayoutEntry extends LayoutField {
  signed: boolean;
  scale: number;
  valueOffset: number;
  byteOrder: 'big' | 'little';
}

/** The fixed frame (codecs/layout.ts) that reads a measurement layout. */
export const frameOf = (layout: readonly LayoutEntry[]): CodecFrame => ({
  kind: 'fixed',
  fields: layout.map((field) => codecFieldOf(field, field)),
});

/** One measurement of a device type's layout with what the generator needs to pick its kind. */
export interface SimField extends LayoutEntry {
  measurementName: string;
  measurementUnit: string | null;
  measurementType: 'byte' | 'bit' | string;
}

/** A device to simulate: its DevEUI and its type's layout in payload order. */
export interface SimDevice {
  deviceEui: string;
  deviceName?: string;
  fields: SimField[];
}

export type Quantity =
  | 'temperature'
  | 'humidity'
  | 'co2'
  | 'pm25'
  | 'pm10'
  | 'pressureDifference'
  | 'tvoc'
  | 'energy'
  | 'power'
  | 'bit'
  | 'other';

/** What a measurement measures, by its unit and name. */
export function quantityOf(
  field: Pick<SimField, 'measurementName' | 'measurementUnit' | 'measurementType'>,
): Quantity {
  if (field.measurementType === 'bit') return 'bit';
  const name = field.measurementName.toLowerCase();
  const unit = (field.measurementUnit ?? '').trim();
  if (unit === '°C' || name.includes('lämpö') || name.includes('temp')) return 'temperature';
  if (unit === 'ppm' || name.includes('co2')) return 'co2';
  if (name.includes('pm10')) return 'pm10';
  if (name.includes('pm2') || name.includes('pm1')) return 'pm25';
  if (name.includes('tvoc') || name.includes('voc')) return 'tvoc';
  if (unit === 'Pa' || name.includes('paine')) return 'pressureDifference';
  if (unit === '%' || name.includes('kosteus') || name.includes('humid')) return 'humidity';
  if (unit === 'kWh' || unit === 'Wh' || name.includes('energ')) return 'energy';
  if (unit === 'W' || unit === 'kW' || name.includes('teho') || name.includes('power'))
    return 'power';
  return 'other';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Finnish local time is about UTC+2: the daily cycle follows it. */
const LOCAL_OFFSET_HOURS = 2;

/** A deterministic number in [0, 1) from a text (FNV-1a, then a xorshift mix). */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** Hours into the local day (0–24). */
const localHour = (at: number) => (((at / HOUR + LOCAL_OFFSET_HOURS) % 24) + 24) % 24;
const localDay = (at: number) => Math.floor((at + LOCAL_OFFSET_HOURS * HOUR) / DAY);
/** 1 on weekdays (Mon–Fri), 0 on weekends (1970-01-01 was a Thursday). */
const weekday = (at: number) => ((localDay(at) + 3) % 7 < 5 ? 1 : 0);
/** Office occupancy 0–1: rises from 7, full 9–15, empty after 18; none on weekends. */
function occupancy(at: number): number {
  const h = localHour(at);
  const ramp = h < 7 || h > 18 ? 0 : h < 9 ? (h - 7) / 2 : h <= 15 ? 1 : (18 - h) / 3;
  return ramp * weekday(at);
}
/** Smooth noise −1…1 for a device and quantity, varying within hours. */
function noise(seed: string, at: number): number {
  const slot = at / HOUR;
  const a = Math.floor(slot);
  const t = slot - a;
  const va = unitHash(`${seed}:${a}`) * 2 - 1;
  const vb = unitHash(`${seed}:${a + 1}`) * 2 - 1;
  return va + (vb - va) * (t * t * (3 - 2 * t));
}

/**
 * A peak on some days: `chance` of the device's days have one, lasting `hours` from a start hour
 * between 9 and 14 local time; returns 0–1 (ramped in and out) or 0 outside a peak.
 */
export function peakLevel(seed: string, at: number, chance: number, hours: number): number {
  const day = localDay(at);
  if (unitHash(`${seed}:peak:${day}`) >= chance) return 0;
  const start = 9 + Math.floor(unitHash(`${seed}:start:${day}`) * 6);
  const into = localHour(at) - start;
  if (into < 0 || into > hours) return 0;
  return Math.min(1, into * 2, (hours - into) * 2);
}

/** Days of a device with a CO2 occupancy peak over 1,500 ppm: a few a month. */
export const CO2_PEAK_CHANCE = 0.12;
/** Days with a particle peak (cleaning, construction dust): rare. */
export const PM_PEAK_CHANCE = 0.06;
export const TVOC_PEAK_CHANCE = 0.06;

/** A realistic value of a quantity for a device (its DevEUI) at a time. */
export function simulateQuantity(quantity: Quantity, deviceEui: string, at: number): number {
  const seed = `${deviceEui}:${quantity}`;
  const bias = unitHash(seed) * 2 - 1;
  const h = localHour(at);
  const daily = Math.sin(((h - 9) / 24) * 2 * Math.PI); // highest mid-afternoon
  const occ = occupancy(at);
  const n = noise(seed, at);
  switch (quantity) {
    case 'temperature':
      return 21 + bias * 0.8 + daily * 0.9 + occ * 0.5 + n * 0.2;
    case 'humidity':
      return 40 + bias * 5 - daily * 4 + n * 2;
    case 'co2': {
      const peak = peakLevel(`${seed}`, at, CO2_PEAK_CHANCE, 3);
      return 460 + bias * 20 + occ * (330 + bias * 60) + n * 25 + peak * (1150 + bias * 150);
    }
    case 'pm25': {
      const peak = peakLevel(`${deviceEui}:pm`, at, PM_PEAK_CHANCE, 2);
      return Math.max(0.5, 4 + bias * 1.5 + occ * 2 + n * 1 + peak * 38);
    }
    case 'pm10': {
      const peak = peakLevel(`${deviceEui}:pm`, at, PM_PEAK_CHANCE, 2);
      return Math.max(1, 9 + bias * 3 + occ * 4 + n * 2 + peak * 70);
    }
    case 'pressureDifference':
      return 2.5 + bias * 0.4 + occ * 0.6 + n * 0.3;
    case 'tvoc': {
      const peak = peakLevel(seed, at, TVOC_PEAK_CHANCE, 2);
      return Math.max(20, 120 + bias * 40 + occ * 90 + n * 20 + peak * 500);
    }
    case 'power':
      return Math.max(200, 1800 + bias * 300 + occ * 2500 + daily * 400 + n * 150);
    case 'energy': {
      // A meter reading: grows with the time since 2025 at about the mean power, never backwards.
      const hours = (at - Date.UTC(2025, 0, 1)) / HOUR;
      const start = 10_000 + unitHash(seed) * 40_000;
      return (
        start + hours * 2.9 + (Math.sin(((h - 9) / 24) * 2 * Math.PI) * 0.4 * 24) / (2 * Math.PI)
      );
    }
    case 'bit':
      return 0;
    default:
      return 10 + n;
  }
}

/** A device's reading at a time, keyed by measurement id. */
export function simulateReading(device: SimDevice, at: number): Record<string, number> {
  const values: Record<string, number> = {};
  for (const field of device.fields) {
    values[field.measurementId] = simulateQuantity(quantityOf(field), device.deviceEui, at);
  }
  return values;
}

/**
 * Packs values (keyed by measurement id) into a payload with the layout: each byte field is
 * `round((value − offset) / scale)`, clamped to what its bytes hold (signed or not), written in
 * its byte order; a bit field sets its bit when the value is non-zero. The inverse of
 * decodeFrames up to the scale's resolution. A missing value is written as 0.
 */
export function encodePayload(
  values: Record<string, number>,
  layout: readonly LayoutEntry[],
): Uint8Array {
  const length = Math.max(0, ...layout.map((f) => f.offset + f.sizeInBytes));
  const bytes = new Uint8Array(length);
  for (const field of layout) {
    const value = values[field.measurementId] ?? 0;
    if (field.bitNumber !== undefined) {
      if (value !== 0)
        bytes[field.offset] = (bytes[field.offset] as number) | (1 << (field.bitNumber - 1));
      continue;
    }
    const bits = BigInt(field.sizeInBytes * 8);
    const min = field.signed ? -(1n << (bits - 1n)) : 0n;
    const max = field.signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
    let raw = BigInt(Math.round((value - field.valueOffset) / (field.scale || 1)));
    if (raw < min) raw = min;
    if (raw > max) raw = max;
    let n = BigInt.asUintN(Number(bits), raw);
    for (let i = field.sizeInBytes - 1; i >= 0; i -= 1) {
      const at = field.byteOrder === 'big' ? i : field.sizeInBytes - 1 - i;
      bytes[field.offset + at] = Number(n & 0xffn);
      n >>= 8n;
    }
  }
  return bytes;
}

/**
 * A deterministic frame counter: the minutes since 1970 (mod 2^32), whatever the interval, so the
 * same reading time always has the same counter.
 */
export const frameCounter = (at: number) => Math.floor(at / 60_000) % 2 ** 32;

/**
 * The key a reading is deduplicated by: the generic form's `fCnt:time`. The simulated ChirpStack
 * uplinks send it as their deduplicationId, so a back-filled reading (generic batch) and a
 * trickled or `npm run simulate` one (ChirpStack) at the same time are one reading.
 */
export const simulatedDedupKey = (at: number) =>
  `${frameCounter(at)}:${new Date(at).toISOString()}`;

/** A ChirpStack v4 `up` event for a device's simulated reading at a time. */
export function chirpstackUplinkFor(device: SimDevice, at: number): ChirpstackUplink {
  const payload = encodePayload(simulateReading(device, at), device.fields);
  return {
    deduplicationId: simulatedDedupKey(at),
    time: new Date(at).toISOString(),
    deviceInfo: {
      devEui: device.deviceEui.toLowerCase(),
      deviceName: device.deviceName ?? device.deviceEui,
    },
    fCnt: frameCounter(at),
    fPort: 1,
    data: Buffer.from(payload).toString('base64'),
  };
}

/** Reading times from `from` to `to` (inclusive) at the interval, aligned to it. */
export function readingTimes(from: number, to: number, intervalMs: number): number[] {
  const times: number[] = [];
  for (let at = Math.ceil(from / intervalMs) * intervalMs; at <= to; at += intervalMs)
    times.push(at);
  return times;
}
