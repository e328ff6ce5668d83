// Payload bytes by a declarative layout: pure, no I/O, no cache (decoder.ts owns the layouts).
import type { LayoutField, RejectReason } from '@vahti/domain';

/** A field with its value conversion: `value = raw * scale + valueOffset`. */
export interface LayoutEntry extends LayoutField {
  signed: boolean;
  scale: number;
  valueOffset: number;
  byteOrder: 'big' | 'little';
}

export type DecodeResult =
  | { ok: true; values: Record<string, number> }
  | { ok: false; reason: RejectReason };

/**
 * Decodes an uplink payload with a device type's layout (packages/domain `payloadLayout`, plus
 * each measurement's signedness, scale, offset and byte order). A byte field of N bytes (1–8) is
 * an unsigned or two's-complement integer in the given byte order; a bit field reads bit
 * `bitNumber` (1 = least significant) of its byte as 0 or 1. A payload shorter than the layout
 * is refused (payloadTooShort); extra trailing bytes are ignored (devices append status bytes).
 * Pure: no I/O.
 */
export function decodePayload(payload: Uint8Array, layout: readonly LayoutEntry[]): DecodeResult {
  const values: Record<string, number> = {};
  for (const field of layout) {
    if (field.offset + field.sizeInBytes > payload.length) {
      return { ok: false, reason: 'payloadTooShort' };
    }
    let raw: number;
    if (field.bitNumber !== undefined) {
      raw = ((payload[field.offset] as number) >> (field.bitNumber - 1)) & 1;
    } else {
      let n = 0n;
      for (let i = 0; i < field.sizeInBytes; i += 1) {
        const at = field.byteOrder === 'big' ? i : field.sizeInBytes - 1 - i;
        n = (n << 8n) | BigInt(payload[field.offset + at] as number);
      }
      if (field.signed) n = BigInt.asIntN(field.sizeInBytes * 8, n);
      raw = Number(n);
    }
    const value = raw * field.scale + field.valueOffset;
    if (!Number.isFinite(value)) return { ok: false, reason: 'invalidValue' };
    values[field.measurementId] = value;
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
