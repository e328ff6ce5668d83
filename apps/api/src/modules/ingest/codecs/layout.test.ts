import type { CodecField, CodecFrame } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { decimalsOf, decodeFrames, fromBase64, payloadBytes, roundValue } from './layout.js';

const field = (
  measurementId: string,
  offset: number,
  length: number,
  more: Partial<CodecField> = {},
): CodecField => ({
  measurementId,
  offset,
  length,
  signed: false,
  scale: 1,
  valueOffset: 0,
  byteOrder: 'big',
  ...more,
});
const bytes = (...b: number[]) => new Uint8Array(b);
const fixed = (fields: CodecField[], more: Partial<CodecFrame> = {}): CodecFrame[] => [
  { kind: 'fixed', fields, ...more } as CodecFrame,
];

describe('decodeFrames: a fixed frame', () => {
  it('reads unsigned fields of 1, 2, 3, 4 and 8 bytes, big-endian', () => {
    const result = decodeFrames(
      bytes(0x7f, 0x01, 0x02, 0x01, 0x02, 0x03, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 1, 0),
      1,
      fixed([
        field('a', 0, 1),
        field('b', 1, 2),
        field('c', 3, 3),
        field('d', 6, 4),
        field('e', 10, 8),
      ]),
    );
    expect(result).toEqual({
      ok: true,
      values: { a: 127, b: 0x0102, c: 0x010203, d: 0xffffffff, e: 256 },
    });
  });

  it("reads little-endian and two's-complement fields", () => {
    expect(
      decodeFrames(
        bytes(0xff, 0xff, 0x38, 0x80, 0x38, 0xff),
        1,
        fixed([
          field('s1', 0, 1, { signed: true }),
          field('s2', 1, 2, { signed: true, byteOrder: 'little' }),
          field('s3', 3, 1, { signed: true }),
          field('t', 4, 2, { signed: true, byteOrder: 'little' }),
        ]),
      ),
    ).toEqual({ ok: true, values: { s1: -1, s2: 0x38ff, s3: -128, t: -200 } });
  });

  it('applies scale and offset and keeps the decimals the scale gives, no float noise', () => {
    // 0x00d6 = 214 × 0.1 = 21.400000000000002 in binary floating point: stored as 21.4.
    const result = decodeFrames(
      bytes(0x00, 0xd6, 0xff, 0x38, 0x03, 0xe8),
      1,
      fixed([
        field('t', 0, 2, { scale: 0.1 }),
        field('n', 2, 2, { signed: true, scale: 0.1, valueOffset: 5 }),
        field('co2', 4, 2, { scale: 2, valueOffset: -1000 }),
      ]),
    );
    expect(result).toEqual({ ok: true, values: { t: 21.4, n: -15, co2: 1000 } });
  });

  it('reads bit fields: a position and a width within the integer', () => {
    const frame = fixed([
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((bit) =>
        field(`bit${bit}`, 1, 1, { bitPosition: bit, bitWidth: 1 }),
      ),
      field('nibble', 2, 2, { bitPosition: 4, bitWidth: 8 }),
    ]);
    expect(decodeFrames(bytes(0x00, 0b1010_0101, 0x0a, 0xbc), 1, frame)).toEqual({
      ok: true,
      values: {
        bit0: 1,
        bit1: 0,
        bit2: 1,
        bit3: 0,
        bit4: 0,
        bit5: 1,
        bit6: 0,
        bit7: 1,
        nibble: 0xab,
      },
    });
  });

  it('refuses a payload shorter than the frame and ignores trailing bytes', () => {
    expect(decodeFrames(bytes(0x01), 1, fixed([field('b', 0, 2)]))).toEqual({
      ok: false,
      reason: 'payloadTooShort',
    });
    expect(decodeFrames(bytes(0x01, 0x02, 0x09), 1, fixed([field('b', 0, 2)]))).toEqual({
      ok: true,
      values: { b: 0x0102 },
    });
  });
});

describe('decodeFrames: choosing a frame', () => {
  const frames: CodecFrame[] = [
    { kind: 'fixed', fPort: 2, fields: [field('port2', 0, 1)] },
    { kind: 'fixed', tag: 0x10, fields: [field('tag10', 1, 1)] },
    {
      kind: 'fixed',
      match: [
        { offset: 0, length: 1, value: 2 },
        { offset: 3, length: 2, value: 0x007f },
      ],
      fields: [field('flags7f', 5, 1)],
    },
  ];

  it('by FPort, by the first byte, by bytes elsewhere, first match first', () => {
    expect(decodeFrames(bytes(0x10, 0x07), 2, frames)).toEqual({
      ok: true,
      values: { port2: 0x10 },
    });
    expect(decodeFrames(bytes(0x10, 0x07), 1, frames)).toEqual({ ok: true, values: { tag10: 7 } });
    expect(decodeFrames(bytes(2, 0, 0, 0, 0x7f, 9), 1, frames)).toEqual({
      ok: true,
      values: { flags7f: 9 },
    });
  });

  it('rejects an uplink no frame matches, never reading it with another', () => {
    expect(decodeFrames(bytes(0x11, 0x07), 1, frames)).toMatchObject({
      ok: false,
      reason: 'unknownFrame',
    });
    expect(decodeFrames(bytes(2, 0, 0, 0, 0x6f, 9), 1, frames)).toMatchObject({
      ok: false,
      reason: 'unknownFrame',
    });
    expect(decodeFrames(bytes(0x10), undefined, [frames[0] as CodecFrame])).toMatchObject({
      reason: 'unknownFrame',
    });
  });
});

describe('decodeFrames: TLV frames', () => {
  const tlv: CodecFrame[] = [
    {
      kind: 'tlv',
      tagBytes: 1,
      entries: [
        { tag: 0x01, length: 2, fields: [field('t', 0, 2, { signed: true, scale: 0.1 })] },
        { tag: 0x02, length: 1, fields: [field('h', 0, 1)] },
        { tag: 0x07, length: 2, fields: [] },
      ],
    },
  ];

  it('reads entries in any order and skips a known entry without fields', () => {
    expect(decodeFrames(bytes(0x02, 0x21, 0x07, 0x0e, 0x4d, 0x01, 0xff, 0xe6), 5, tlv)).toEqual({
      ok: true,
      values: { h: 33, t: -2.6 },
    });
  });

  it('rejects an unknown tag, naming it, instead of reading on by guess', () => {
    expect(decodeFrames(bytes(0x01, 0x00, 0xe7, 0x14, 0x00, 0x02, 0x21), 5, tlv)).toEqual({
      ok: false,
      reason: 'unknownFrame',
      detail: 'tag 0x14 at byte 3',
    });
  });

  it('rejects a truncated entry and an empty payload', () => {
    expect(decodeFrames(bytes(0x01, 0x00), 5, tlv)).toEqual({
      ok: false,
      reason: 'payloadTooShort',
    });
    expect(decodeFrames(bytes(), 5, tlv)).toEqual({ ok: false, reason: 'payloadTooShort' });
  });

  it('reads channel/type pairs (2-byte tags) and a header tag byte', () => {
    const pairs: CodecFrame[] = [
      {
        kind: 'tlv',
        tagBytes: 2,
        tag: 0xaa,
        entries: [
          {
            tag: 0x0367,
            length: 2,
            fields: [field('t', 0, 2, { signed: true, byteOrder: 'little', scale: 0.1 })],
          },
        ],
      },
    ];
    expect(decodeFrames(bytes(0xaa, 0x03, 0x67, 0x34, 0x01), undefined, pairs)).toEqual({
      ok: true,
      values: { t: 30.8 },
    });
    expect(decodeFrames(bytes(0xaa, 0x03, 0x68, 0x34), undefined, pairs)).toMatchObject({
      reason: 'unknownFrame',
      detail: 'tag 0x0368 at byte 1',
    });
  });
});

describe('numbers', () => {
  it('counts the decimals of a scale and rounds to them', () => {
    expect([
      decimalsOf(1),
      decimalsOf(0.1),
      decimalsOf(0.05),
      decimalsOf(1e-7),
      decimalsOf(2.5),
    ]).toEqual([0, 1, 2, 7, 1]);
    expect(0.1 * 214).not.toBe(21.4);
    expect(roundValue(0.1 * 214, null)).toBe(21.4);
    expect(roundValue((175 * 27217) / 65535 - 45, 2)).toBe(27.68);
  });
});

describe('payload text', () => {
  it('reads base64 (standard or URL-safe, padding optional)', () => {
    expect([...(fromBase64('AQL/') ?? [])]).toEqual([1, 2, 255]);
    expect([...(fromBase64('AQL_') ?? [])]).toEqual([1, 2, 255]);
    expect([...(fromBase64('AQI') ?? [])]).toEqual([1, 2]);
    expect(fromBase64('not base64!')).toBeNull();
    expect(fromBase64('A')).toBeNull();
  });

  it('reads hex first (spaces, 0x and colons allowed), else base64', () => {
    expect([...(payloadBytes('01 75 5C') ?? [])]).toEqual([1, 0x75, 0x5c]);
    expect([...(payloadBytes('0x01:0x02') ?? [])]).toEqual([1, 2]);
    expect([...(payloadBytes('AQL/') ?? [])]).toEqual([1, 2, 255]);
    expect(payloadBytes('zz!')).toBeNull();
  });
});
