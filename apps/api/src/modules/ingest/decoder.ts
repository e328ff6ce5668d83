// Decoding: one uplink of a known device into values keyed by measurement id, or the reason it
// cannot be (ADR 0036). The device type's codec says where values come from — the network
// server's decoded object read at each measurement's path, the payload bytes read by frames, or
// a sandboxed JavaScript codec — and nothing else is tried: no fallback, no guess. Owns the
// codec cache.
import {
  type CodecFrame,
  type DeviceTypeCodec,
  isPlausible,
  legacyLayoutFrames,
  type RejectReason,
} from '@vahti/domain';
import type { Scope } from '../../lib/scope.js';
import { decodeFrames, fromBase64, roundValue } from './codecs/layout.js';
import { mapDecoded, type PathMapping, parsePath } from './codecs/mapping.js';
import type { IngestRepository } from './ingest.repository.js';
import type { Uplink } from './types.js';

/** How long a device type's codec is reused unless its edit time changed: a minute at most. */
export const LAYOUT_TTL_MS = 60_000;

type Bounds = { measurementValidMin: number | null; measurementValidMax: number | null };
type TypeRows = Awaited<ReturnType<IngestRepository['typeCodec']>>;

/** A JavaScript codec run (codecs/javascript.ts): its output, or why there is none. */
export type ScriptRun = (
  key: string,
  script: string,
  input: { bytes: Uint8Array; fPort: number | undefined; recvTime: Date },
) => { ok: true; data: Record<string, unknown> } | { ok: false; message: string };

/** A type's codec made ready to run: frames built, paths parsed. */
export interface CompiledCodec {
  key: string;
  codec: DeviceTypeCodec | null;
  /** A layout codec's frames; for a type from before ADR 0036, its measurements' layout. */
  frames: CodecFrame[];
  /** Paths into a decoded object: the codec's, or for an older type each measurement's name. */
  mappings: PathMapping[];
  /** Measurement id and name → id: the generic form's keys. */
  ids: Map<string, string>;
  measurements: Map<string, Bounds & { measurementName: string; decimals: number | null }>;
}

/** A rejection may name the measurement it is about (`field`) and what went wrong (`detail`). */
export type Decoded =
  | { values: Record<string, number> }
  | { reason: RejectReason; field?: string | undefined; detail?: string | undefined };

/** Builds what decoding needs from a type's stored codec and measurements. */
export function compileCodec(
  key: string,
  { codec, rows }: Pick<TypeRows, 'codec' | 'rows'>,
): CompiledCodec {
  const ids = new Map<string, string>();
  const measurements: CompiledCodec['measurements'] = new Map();
  for (const row of rows) {
    ids.set(row.measurementName, row.measurementId);
    ids.set(row.measurementId, row.measurementId);
    measurements.set(row.measurementId, { ...row, decimals: row.decimals });
  }
  const mappings = codec
    ? rows.flatMap((row) => (row.decodedPath ? [{ ...row, path: parsePath(row.decodedPath) }] : []))
    : // Before ADR 0036 a decoded object's keys named measurements by name or id.
      rows.flatMap((row) => [
        { ...row, path: [row.measurementName] },
        { ...row, path: [row.measurementId] },
      ]);
  const frames = codec
    ? codec.source === 'layout'
      ? codec.frames
      : []
    : legacyLayoutFrames(
        rows.map((row) => ({
          ...row,
          measurementSigned: row.signed,
          measurementScale: row.scale,
          measurementOffset: row.valueOffset,
          measurementByteOrder: row.byteOrder,
        })),
      );
  return { key, codec, frames, mappings, ids, measurements };
}

type DecodeInput = Pick<Uplink, 'payload' | 'decoded' | 'normalized' | 'strict' | 'fPort'>;

/** The generic form: every key names a measurement of the type by name or id. */
function fromGeneric(compiled: CompiledCodec, decoded: Record<string, unknown>): Decoded {
  const values: Record<string, number> = {};
  for (const [key, value] of Object.entries(decoded)) {
    const measurementId = compiled.ids.get(key);
    if (!measurementId) return { reason: 'unknownMeasurement' };
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return {
        reason: 'invalidValue',
        field: compiled.measurements.get(measurementId)?.measurementName,
      };
    }
    values[measurementId] = value;
  }
  return Object.keys(values).length > 0 ? { values } : { reason: 'unknownMeasurement' };
}

/** A codec part's result as a Decoded. */
function settled(
  result:
    | { ok: true; values: Record<string, number> }
    | { ok: false; reason: RejectReason; field?: string; detail?: string },
): Decoded {
  if (result.ok) return { values: result.values };
  const { ok: _, ...rejection } = result;
  return rejection;
}

/** The values of one uplink by its type's codec, before rounding and bounds. */
function valuesOf(
  compiled: CompiledCodec,
  uplink: DecodeInput,
  runScript: ScriptRun | undefined,
  recvTime: Date,
): Decoded {
  if (uplink.strict) {
    return uplink.decoded ? fromGeneric(compiled, uplink.decoded) : { reason: 'undecodable' };
  }
  const source = compiled.codec?.source ?? 'legacy';
  if (source === 'networkServer' || (source === 'legacy' && uplink.decoded)) {
    return settled(mapDecoded(uplink.decoded, uplink.normalized, compiled.mappings));
  }
  const bytes = uplink.payload === undefined ? null : fromBase64(uplink.payload);
  if (!bytes) return { reason: 'undecodable' };
  if (compiled.codec?.source === 'javascript') {
    if (!runScript) return { reason: 'codecFailed', detail: 'JavaScript codecs are not enabled' };
    const run = runScript(compiled.key, compiled.codec.script, {
      bytes,
      fPort: uplink.fPort,
      recvTime,
    });
    if (!run.ok) return { reason: 'codecFailed', detail: run.message };
    return settled(mapDecoded(run.data, undefined, compiled.mappings));
  }
  if (compiled.frames.length === 0) return { reason: 'undecodable' };
  return settled(decodeFrames(bytes, uplink.fPort, compiled.frames));
}

/**
 * Rounded to each measurement's decimals where the type sets them, if every value is within its
 * physical bounds; else the first one outside, named. One impossible value rejects the whole
 * uplink: its other values came from the same frame and device, so none of them is trusted.
 */
function finish(compiled: CompiledCodec, decoded: Decoded): Decoded {
  if (!('values' in decoded)) return decoded;
  const values: Record<string, number> = {};
  for (const [measurementId, raw] of Object.entries(decoded.values)) {
    const measurement = compiled.measurements.get(measurementId);
    // A layout rounds to its scale's decimals itself; a decoded or sent value is kept as given
    // unless the type names decimals.
    const decimals = measurement?.decimals;
    const value = decimals === null || decimals === undefined ? raw : roundValue(raw, decimals);
    if (!measurement || !isPlausible(value, measurement)) {
      return { reason: 'invalidValue', field: measurement?.measurementName };
    }
    values[measurementId] = value;
  }
  return { values };
}

/** Decodes one uplink with a compiled codec: pure but for the script sandbox. */
export function decodeWith(
  compiled: CompiledCodec,
  uplink: DecodeInput,
  runScript?: ScriptRun,
  /** What a JavaScript codec gets as `recvTime`: when the uplink arrived. */
  recvTime = new Date(),
): Decoded {
  return finish(compiled, valuesOf(compiled, uplink, runScript, recvTime));
}

export function createDecoder({
  ingest,
  now,
  scripts,
}: {
  ingest: Pick<IngestRepository, 'typeCodec'>;
  now: () => number;
  /** The JavaScript sandbox (codecs/javascript.ts), loaded when a type first needs it. */
  scripts?: (() => Promise<{ decode: ScriptRun }>) | undefined;
}) {
  // Codecs per device type, kept LAYOUT_TTL_MS (a type edited in Vainu is decoded with its new
  // codec within the TTL). The load itself is kept: uplinks of a type that arrive together (a
  // gateway's backlog, an organization's devices in step) share one read, not one each. A failed
  // read is forgotten. Bounded: cleared when it grows past 10,000.
  const cache = new Map<string, { at: number; compiled: Promise<CompiledCodec> }>();

  function codecOf(scope: Scope, deviceTypeId: string): Promise<CompiledCodec> {
    const cached = cache.get(deviceTypeId);
    if (cached && now() - cached.at < LAYOUT_TTL_MS) return cached.compiled;
    const entry = {
      at: now(),
      compiled: ingest
        .typeCodec(scope, deviceTypeId)
        .then((stored) => compileCodec(`${deviceTypeId}:${stored.updatedAt}`, stored)),
    };
    entry.compiled.catch(() => {
      if (cache.get(deviceTypeId) === entry) cache.delete(deviceTypeId);
    });
    if (cache.size > 10_000) cache.clear();
    cache.set(deviceTypeId, entry);
    return entry.compiled;
  }

  return {
    /** The uplink's values by its device's type (`scope`: the key's organization). */
    async decode(
      scope: Scope,
      deviceTypeId: string,
      uplink: DecodeInput,
      receivedAt?: Date,
    ): Promise<Decoded> {
      const compiled = await codecOf(scope, deviceTypeId);
      const sandbox =
        compiled.codec?.source === 'javascript' && scripts ? await scripts() : undefined;
      return decodeWith(
        compiled,
        uplink,
        sandbox && ((...args) => sandbox.decode(...args)),
        receivedAt,
      );
    },
  };
}

export type Decoder = ReturnType<typeof createDecoder>;
