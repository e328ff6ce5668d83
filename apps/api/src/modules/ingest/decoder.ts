// Decoding: one uplink of a known device into values keyed by measurement id, or the reason it
// cannot be. The network server's decoded object comes first when its keys name measurements;
// else the payload bytes with the device type's layout (decode.ts). Owns the layout cache.
import { payloadLayout, type RejectReason } from '@vahti/domain';
import type { Scope } from '../../lib/scope.js';
import { decodePayload, fromBase64, type LayoutEntry } from './decode.js';
import type { IngestRepository } from './ingest.repository.js';
import type { Uplink } from './types.js';

/** How long a device type's layout is reused: a changed type is decoded anew within a minute. */
export const LAYOUT_TTL_MS = 60_000;

interface Layout {
  at: number;
  entries: LayoutEntry[];
  /** Measurement id and name → id. */
  ids: Map<string, string>;
}

export type Decoded = { values: Record<string, number> } | { reason: RejectReason };

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
    for (const row of rows) {
      ids.set(row.measurementName, row.measurementId);
      ids.set(row.measurementId, row.measurementId);
    }
    if (layouts.size > 10_000) layouts.clear();
    const layout = { at: now(), entries, ids };
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
      if (typeof number !== 'number' || !Number.isFinite(number)) return { reason: 'invalidValue' };
      values[measurementId] = number;
    }
    return Object.keys(values).length > 0 ? { values } : null;
  }

  return {
    /** The uplink's values with the layout of the device's type (`scope`: the key's organization). */
    async decode(
      scope: Scope,
      deviceTypeId: string,
      uplink: Pick<Uplink, 'payload' | 'decoded' | 'strict'>,
    ): Promise<Decoded> {
      const layout = await layoutOf(scope, deviceTypeId);
      if (uplink.decoded) {
        const result = fromDecoded(layout, uplink.decoded, uplink.strict);
        if (result) return result;
        if (uplink.strict) return { reason: 'unknownMeasurement' };
      }
      const bytes = uplink.payload === undefined ? null : fromBase64(uplink.payload);
      if (!bytes || layout.entries.length === 0) return { reason: 'undecodable' };
      const decoded = decodePayload(bytes, layout.entries);
      return decoded.ok ? { values: decoded.values } : { reason: decoded.reason };
    },
  };
}

export type Decoder = ReturnType<typeof createDecoder>;
