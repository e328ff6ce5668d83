// Payload bytes read by a device type's declarative frames (ADR 0036): pure, no I/O, no cache.
// A frame is chosen by FPort and/or a leading tag byte; a fixed frame reads fields at byte
// offsets, a TLV frame walks tag → value entries. Nothing is read by guess: no matching frame,
// an unknown TLV tag or a short payload rejects the uplink with its reason.
import type { CodecField, CodecFrame, RejectReason, TlvEntry } from '@vahti/domain';

export type LayoutResult =
  | { ok: true; values: Record<string, number> }
  | { ok: false; reason: RejectReason; detail?: string };

/** Decimals of a number as written (0.1 → 1, 0.05 → 2, 1e-7 → 7), at most 10. */
export function decimalsOf(n: number): number {
  if (Number.isInteger(n)) return 0;
  const [mantissa = '', exponent] = Math.abs(n).toExponential().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(10, Math.max(0, fraction - Number(exponent)));
}

/** Rounds to `decimals` places; without, drops binary noise (21.400000000000002 → 21.4). */
export function roundValue(value: number, decimals: number | null | undefined): number {
  if (decimals !== null && decimals !== undefined) {
    const factor = 10 ** decimals;
    return Math.round(value * factor) / factor;
  }
  return Number(value.toPrecision(15));
}

// Worked out once per frame object, not per uplink: a type's frames live in the decoder's cache.
const fieldDecimals = new WeakMap<CodecField, number>();
const tlvEntries = new WeakMap<CodecFrame, Map<number, TlvEntry>>();

/** The decimals a field's scale and offset give (0.1 → 1). */
function decimalsFor(field: CodecField): number {
  let decimals = fieldDecimals.get(field);
  if (decimals === undefined) {
    decimals = Math.max(decimalsOf(field.scale), decimalsOf(field.valueOffset));
    fieldDecimals.set(field, decimals);
  }
  return decimals;
}

/** A TLV frame's entries by tag. */
function entriesOf(frame: Extract<CodecFrame, { kind: 'tlv' }>): Map<number, TlvEntry> {
  let entries = tlvEntries.get(frame);
  if (!entries) {
    entries = new Map(frame.entries.map((entry) => [entry.tag, entry]));
    tlvEntries.set(frame, entries);
  }
  return entries;
}

/** The unsigned or two's-complement integer of `length` bytes at `at`; the caller checks bounds. */
function readInteger(bytes: Uint8Array, at: number, field: CodecField): number {
  if (field.length <= 4 && field.bitWidth === undefined) {
    let n = 0;
    for (let i = 0; i < field.length; i += 1) {
      const index = field.byteOrder === 'big' ? at + i : at + field.length - 1 - i;
      n = n * 256 + (bytes[index] as number);
    }
    const bits = field.length * 8;
    return field.signed && n >= 2 ** (bits - 1) ? n - 2 ** bits : n;
  }
  let n = 0n;
  for (let i = 0; i < field.length; i += 1) {
    const index = field.byteOrder === 'big' ? at + i : at + field.length - 1 - i;
    n = (n << 8n) | BigInt(bytes[index] as number);
  }
  if (field.bitWidth !== undefined) {
    const mask = (1n << BigInt(field.bitWidth)) - 1n;
    return Number((n >> BigInt(field.bitPosition ?? 0)) & mask);
  }
  return Number(field.signed ? BigInt.asIntN(field.length * 8, n) : n);
}

/** Each field's value into `values`, read from `base` on; false when one runs past `end`. */
function readFields(
  bytes: Uint8Array,
  base: number,
  end: number,
  fields: readonly CodecField[],
  values: Record<string, number>,
): boolean {
  for (const field of fields) {
    const at = base + field.offset;
    if (at + field.length > end) return false;
    const raw = readInteger(bytes, at, field);
    values[field.measurementId] = roundValue(
      raw * field.scale + field.valueOffset,
      decimalsFor(field),
    );
  }
  return true;
}

/** True when the big-endian integer of `length` bytes at `offset` is `value`. */
function bytesEqual(
  bytes: Uint8Array,
  { offset, length, value }: { offset: number; length: number; value: number },
) {
  if (offset + length > bytes.length) return false;
  let n = 0;
  for (let i = 0; i < length; i += 1) n = n * 256 + (bytes[offset + i] as number);
  return n === value;
}

/** The first frame whose FPort, leading tag and matches fit the uplink; one that sets none: any. */
export function chooseFrame(
  bytes: Uint8Array,
  fPort: number | undefined,
  frames: readonly CodecFrame[],
): CodecFrame | undefined {
  return frames.find(
    (frame) =>
      (frame.fPort === undefined || frame.fPort === fPort) &&
      (frame.tag === undefined || bytes[0] === frame.tag) &&
      (frame.match ?? []).every((m) => bytesEqual(bytes, m)),
  );
}

/** Reads one uplink's payload with a type's frames. */
export function decodeFrames(
  bytes: Uint8Array,
  fPort: number | undefined,
  frames: readonly CodecFrame[],
): LayoutResult {
  const frame = chooseFrame(bytes, fPort, frames);
  if (!frame) {
    return { ok: false, reason: 'unknownFrame', detail: `fPort ${fPort ?? '-'}` };
  }
  const values: Record<string, number> = {};
  if (frame.kind === 'fixed') {
    return readFields(bytes, 0, bytes.length, frame.fields, values)
      ? { ok: true, values }
      : { ok: false, reason: 'payloadTooShort' };
  }
  const entries = entriesOf(frame);
  // A frame chosen by its first byte has that byte as a header; the entries follow it.
  let at = frame.tag === undefined ? 0 : 1;
  if (bytes.length <= at) return { ok: false, reason: 'payloadTooShort' };
  while (at < bytes.length) {
    if (at + frame.tagBytes > bytes.length) return { ok: false, reason: 'payloadTooShort' };
    const tag =
      frame.tagBytes === 1
        ? (bytes[at] as number)
        : (bytes[at] as number) * 256 + (bytes[at + 1] as number);
    const entry = entries.get(tag);
    if (!entry) {
      const width = frame.tagBytes * 2;
      return {
        ok: false,
        reason: 'unknownFrame',
        detail: `tag 0x${tag.toString(16).padStart(width, '0')} at byte ${at}`,
      };
    }
    at += frame.tagBytes;
    if (
      at + entry.length > bytes.length ||
      !readFields(bytes, at, at + entry.length, entry.fields, values)
    ) {
      return { ok: false, reason: 'payloadTooShort' };
    }
    at += entry.length;
  }
  return { ok: true, values };
}

/** Base64 (standard or URL-safe, padding optional) to bytes; null when it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  const clean = text.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) {
    return null;
  }
  return new Uint8Array(Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

/** A payload as typed into the test bench: hex (spaces, 0x and : allowed) first, else base64. */
export function payloadBytes(text: string): Uint8Array | null {
  const hex = text.replace(/0x|[\s:]/gi, '');
  if (/^([0-9a-f]{2})*$/i.test(hex)) return new Uint8Array(Buffer.from(hex, 'hex'));
  return fromBase64(text);
}
