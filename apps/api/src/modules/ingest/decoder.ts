// Decoding: one uplink of a known device into values keyed by measurement id, or the reason it
// cannot be. The network server's decoded object comes first when its keys name measurements;
// else the payload bytes with the device type's layout (decode.ts). Owns the layout cache.
import { isPlausible, payloadLayout, type RejectReason } from '@vahti/domain';
import type { Scope } from '../../lib/scope.js';
import { decodePayload, fromBase64, type LayoutEntry } from './decode.js';
import type { IngestRepository } from './ingest.repository.js';
import type { Uplink } from './types.js';

/** How long a device type's layout is reused: a changed type is decoded anew within a minute. */
export const LAYOUT_TTL_MS = 60_000;

type Bounds = { measurementValidMin: number | null; measurementValidMax: number | null };

interface Layout {
  at: number;
  entries: LayoutEntry[];
  /** Measurement id and name → id. */
  ids: Map<string, string>;
  /** Measurement id → its name and physical bounds. */
  measurements: Map<string, Bounds & { measurementName: string }>;
}

/** A rejection may name the measurement it is about (`field`). */
export type Decoded =
  | { values: Record<string, number> }
  | { reason: RejectReason; field?: string | undefined };

export function createDecoder({
  ingest,
  now,
}: {
  ingest: Pick<IngestRepository, 'typeMeasurements'>;
  now: () => number;
}) {
  // Layouts per device type, kept LAYOUT_TTL_MS (no invalidation: a type edited in Vainu is
  // decoded with its new layout within the TTL). Bounded: cleared when it grows past 10,000.
  const layouts = new Map<string, Layout>();

  async function layoutOf(scope: Scope, deviceTypeId: string): Promise<Layout> {
    const cached = layouts.get(deviceTypeId);
    if (cached && now() - cached.at < LAYOUT_TTL_MS) return cached;
    const rows = await ingest.typeMeasurements(scope, deviceTypeId);
    const { fields } = payloadLayout(rows);
    const entries = fields.map((field, i) => {
      const row = rows[i] as (typeof rows)[number];
      return {
        ...field,
        signed: row.signed,
        scale: row.scale,
        valueOffset: row.valueOffset,
        byteOrder: row.byteOrder,
      };
    });
    const ids = new Map<string, string>();
    const measurements = new Map<string, Bounds & { measurementName: string }>();
    for (const row of rows) {
      ids.set(row.measurementName, row.measurementId);
      ids.set(row.measurementId, row.measurementId);
      measurements.set(row.measurementId, row);
    }
    if (layouts.size > 10_000) layouts.clear();
    const layout = { at: now(), entries, ids, measurements };
    layouts.set(deviceTypeId, layout);
    return layout;
  }

  /** Values keyed by measurement id, from decoded JSON; null when no key names a measurement. */
  function fromDecoded(
    layout: Layout,
    decoded: Record<string, unknown>,
    strict: boolean,
  ): Decoded | null {
    const values: Record<string, number> = {};
    for (const [key, value] of Object.entries(decoded)) {
      const measurementId = layout.ids.get(key);
      if (!measurementId) {
        if (strict) return { reason: 'unknownMeasurement' };
        continue;
      }
      const number = typeof value === 'boolean' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        return {
          reason: 'invalidValue',
          field: layout.measurements.get(measurementId)?.measurementName,
        };
      }
      values[measurementId] = number;
    }
    return Object.keys(values).length > 0 ? { values } : null;
  }

  /**
   * The values if every one is within its measurement's physical bounds; else the first one
   * outside, named. One impossible value rejects the whole uplink: its other values came from the
   * same frame and device, so none of them is trusted either.
   */
  function plausible(layout: Layout, decoded: Decoded): Decoded {
    if (!('values' in decoded)) return decoded;
    for (const [measurementId, value] of Object.entries(decoded.values)) {
      const measurement = layout.measurements.get(measurementId);
      if (!measurement || !isPlausible(value, measurement)) {
        return { reason: 'invalidValue', field: measurement?.measurementName };
      }
    }
    return decoded;
  }

  function decodeWith(layout: Layout, uplink: Pick<Uplink, 'payload' | 'decoded' | 'strict'>) {
    if (uplink.decoded) {
      const result = fromDecoded(layout, uplink.decoded, uplink.strict);
      if (result) return result;
      if (uplink.strict) return { reason: 'unknownMeasurement' } as const;
    }
    const bytes = uplink.payload === undefined ? null : fromBase64(uplink.payload);
    if (!bytes || layout.entries.length === 0) return { reason: 'undecodable' } as const;
    const decoded = decodePayload(bytes, layout.entries);
    return decoded.ok ? { values: decoded.values } : { reason: decoded.reason };
  }

  return {
    /** The uplink's values with the layout of the device's type (`scope`: the key's organization). */
    async decode(
      scope: Scope,
      deviceTypeId: string,
      uplink: Pick<Uplink, 'payload' | 'decoded' | 'strict'>,
    ): Promise<Decoded> {
      const layout = await layoutOf(scope, deviceTypeId);
      return plausible(layout, decodeWith(layout, uplink));
    },
  };
}

export type Decoder = ReturnType<typeof createDecoder>;
