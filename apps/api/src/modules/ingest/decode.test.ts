import { describe, expect, it } from 'vitest';
import { decodePayload, fromBase64, type LayoutEntry } from './decode.js';

const field = (
  measurementId: string,
  offset: number,
  sizeInBytes: number,
  more: Partial<LayoutEntry> = {},
): LayoutEntry => ({
  measurementId,
  offset,
  sizeInBytes,
  signed: false,
  scale: 1,
  valueOffset: 0,
  byteOrder: 'big',
  ...more,
});
const bytes = (...b: number[]) => new Uint8Array(b);

describe('decodePayload', () => {
  it('reads unsigned byte fields of 1, 2, 3, 4 and 8 bytes, big-endian', () => {
    const result = decodePayload(
      bytes(0x7f, 0x01, 0x02, 0x01, 0x02, 0x03, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 1, 0),
      [field('a', 0, 1), field('b', 1, 2), field('c', 3, 3), field('d', 6, 4), field('e', 10, 8)],
    );
    expect(result).toEqual({
      ok: true,
      values: { a: 127, b: 0x0102, c: 0x010203, d: 0xffffffff, e: 256 },
    });
  });

  it('reads little-endian fields', () => {
    expect(
      decodePayload(bytes(0x01, 0x02, 0x01, 0x02, 0x03, 0x04), [
        field('b', 0, 2, { byteOrder: 'little' }),
        field('d', 2, 4, { byteOrder: 'little' }),
      ]),
    ).toEqual({ ok: true, values: { b: 0x0201, d: 0x04030201 } });
  });

  it("reads signed fields as two's complement in either byte order", () => {
    expect(
      decodePayload(bytes(0xff, 0xff, 0x38, 0x80, 0x00, 0x00), [
        field('s1', 0, 1, { signed: true }),
        field('s2', 1, 2, { signed: true, byteOrder: 'little' }),
        field('s3', 3, 1, { signed: true }),
        field('pos', 4, 2, { signed: true }),
      ]),
    ).toEqual({ ok: true, values: { s1: -1, s2: 0x38ff, s3: -128, pos: 0 } });
    expect(
      decodePayload(bytes(0x38, 0xff), [field('t', 0, 2, { signed: true, byteOrder: 'little' })]),
    ).toEqual({ ok: true, values: { t: -200 } });
  });

  it('applies scale and offset: value = raw * scale + offset', () => {
    // 0xff38 = -200 signed → -200 * 0.1 + 5 = -15
    const result = decodePayload(bytes(0xff, 0x38, 0x03, 0xe8), [
      field('t', 0, 2, { signed: true, scale: 0.1, valueOffset: 5 }),
      field('co2', 2, 2, { scale: 2, valueOffset: -1000 }),
    ]);
    expect(result.ok && result.values.t).toBeCloseTo(-15);
    expect(result.ok && result.values.co2).toBe(1000);
  });

  it('reads single bits 1–8 of a shared byte', () => {
    const layout = [1, 2, 3, 4, 5, 6, 7, 8].map((bit) =>
      field(`bit${bit}`, 1, 1, { bitNumber: bit }),
    );
    expect(decodePayload(bytes(0x00, 0b1010_0101), layout)).toEqual({
      ok: true,
      values: { bit1: 1, bit2: 0, bit3: 1, bit4: 0, bit5: 0, bit6: 1, bit7: 0, bit8: 1 },
    });
  });

  it('refuses a payload shorter than the layout and ignores trailing bytes', () => {
    expect(decodePayload(bytes(0x01), [field('b', 0, 2)])).toEqual({
      ok: false,
      reason: 'payloadTooShort',
    });
    expect(decodePayload(bytes(), [field('x', 0, 1, { bitNumber: 1 })])).toEqual({
      ok: false,
      reason: 'payloadTooShort',
    });
    expect(decodePayload(bytes(0x01, 0x02, 0x09), [field('b', 0, 2)])).toEqual({
      ok: true,
      values: { b: 0x0102 },
    });
  });
});

describe('fromBase64', () => {
  it('reads standard and URL-safe base64, with or without padding', () => {
    expect([...(fromBase64('AQL/') ?? [])]).toEqual([1, 2, 255]);
    expect([...(fromBase64('AQL_') ?? [])]).toEqual([1, 2, 255]);
    expect([...(fromBase64('AQI=') ?? [])]).toEqual([1, 2]);
    expect([...(fromBase64('AQI') ?? [])]).toEqual([1, 2]);
  });

  it('answers null for text that is not base64', () => {
    expect(fromBase64('not base64!')).toBeNull();
    expect(fromBase64('A')).toBeNull();
    expect(fromBase64('ä')).toBeNull();
  });
});
