import type { DeviceTypeCodec } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../lib/scope.js';
import { createDecoder, LAYOUT_TTL_MS } from './decoder.js';

const scope = systemScope('ingest', 'org');

/** A type of two measurements: temp (2 bytes signed, ×0.1) then hum (1 byte). */
const rows = [
  {
    measurementId: 'm-temp',
    measurementName: 'temp',
    measurementType: 'byte' as const,
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    signed: true,
    scale: 0.1,
    valueOffset: 0,
    byteOrder: 'big' as const,
    measurementValidMin: -60 as number | null,
    measurementValidMax: 120 as number | null,
    decodedPath: null as string | null,
    decimals: null as number | null,
  },
  {
    measurementId: 'm-hum',
    measurementName: 'hum',
    measurementType: 'byte' as const,
    measurementSizeInBytes: 1,
    measurementBitNumber: 1,
    signed: false,
    scale: 1,
    valueOffset: 0,
    byteOrder: 'big' as const,
    measurementValidMin: null,
    measurementValidMax: null,
    decodedPath: null,
    decimals: null,
  },
];

function decoderWith(layout = rows, codec: DeviceTypeCodec | null = null, failures = 0) {
  let clock = 0;
  const reads: string[] = [];
  let toFail = failures;
  const decoder = createDecoder({
    ingest: {
      typeCodec: async (_scope: unknown, deviceTypeId: string) => {
        reads.push(deviceTypeId);
        if (toFail-- > 0) throw new Error('the database is away');
        return { codec, updatedAt: 0, rows: layout };
      },
    },
    now: () => clock,
  });
  return { decoder, reads, advance: (ms: number) => (clock += ms) };
}

// 0xFF38 = -200 → -20.0; 0x37 = 55.
const PAYLOAD = Buffer.from([0xff, 0x38, 0x37]).toString('base64');
const uplink = (more: object = {}) => ({
  payload: PAYLOAD,
  decoded: undefined,
  strict: false,
  ...more,
});

describe('decoder', () => {
  it("decodes the payload with the type's layout", async () => {
    const { decoder } = decoderWith();
    expect(await decoder.decode(scope, 't', uplink())).toEqual({
      values: { 'm-temp': -20, 'm-hum': 55 },
    });
  });

  it("reads an older type's decoded object by measurement name or id", async () => {
    const { decoder } = decoderWith();
    expect(
      await decoder.decode(scope, 't', uplink({ decoded: { temp: 21.5, 'm-hum': true, x: 1 } })),
    ).toEqual({ values: { 'm-temp': 21.5, 'm-hum': 1 } });
  });

  it('never falls back to the payload when nothing in a decoded object maps (issue 25)', async () => {
    const { decoder } = decoderWith();
    expect(await decoder.decode(scope, 't', uplink({ decoded: { other: 1 } }))).toEqual({
      reason: 'unmappedPayload',
    });
  });

  it('reads a networkServer codec at each path, numeric texts too; absent paths are skipped', async () => {
    const mapped = rows.map((row, i) => ({
      ...row,
      decodedPath: ['air.temperature.value', 'normalized.air.relativeHumidity'][i] ?? null,
    }));
    const { decoder } = decoderWith(mapped, { source: 'networkServer' });
    expect(
      await decoder.decode(
        scope,
        't',
        uplink({
          decoded: { air: { temperature: { value: '21.5' } }, temp: 99 },
          normalized: [{ air: { relativeHumidity: 40 } }],
        }),
      ),
    ).toEqual({ values: { 'm-temp': 21.5, 'm-hum': 40 } });
    expect(
      await decoder.decode(
        scope,
        't',
        uplink({ decoded: { air: { temperature: { value: 20 } } } }),
      ),
    ).toEqual({
      values: { 'm-temp': 20 },
    });
    // Keys that only look like the measurements are not taken; the payload is not read either.
    expect(await decoder.decode(scope, 't', uplink({ decoded: { temp: 21, hum: 40 } }))).toEqual({
      reason: 'unmappedPayload',
    });
    expect(
      await decoder.decode(
        scope,
        't',
        uplink({ decoded: { air: { temperature: { value: 'warm' } } } }),
      ),
    ).toEqual({
      reason: 'invalidValue',
      field: 'temp',
    });
  });

  it("a layout codec reads the bytes and ignores the network server's object; decimals round", async () => {
    const rounded = rows.map((row) => ({
      ...row,
      decimals: row.measurementId === 'm-temp' ? 0 : null,
    }));
    const { decoder } = decoderWith(rounded, {
      source: 'layout',
      frames: [
        {
          kind: 'fixed',
          fields: [
            {
              measurementId: 'm-temp',
              offset: 0,
              length: 2,
              signed: true,
              byteOrder: 'big',
              scale: 0.1,
              valueOffset: 0,
            },
            {
              measurementId: 'm-hum',
              offset: 2,
              length: 1,
              signed: false,
              byteOrder: 'big',
              scale: 0.5,
              valueOffset: 0,
            },
          ],
        },
      ],
    });
    expect(await decoder.decode(scope, 't', uplink({ decoded: { temp: 5 } }))).toEqual({
      values: { 'm-temp': -20, 'm-hum': 27.5 },
    });
  });

  it('is strict for the generic form: every key must be a measurement', async () => {
    const { decoder } = decoderWith();
    const generic = (decoded: object) => uplink({ payload: undefined, decoded, strict: true });
    expect(await decoder.decode(scope, 't', generic({ temp: 1, other: 2 }))).toEqual({
      reason: 'unknownMeasurement',
    });
    expect(await decoder.decode(scope, 't', generic({}))).toEqual({
      reason: 'unknownMeasurement',
    });
    expect(await decoder.decode(scope, 't', generic({ temp: 'warm' }))).toEqual({
      reason: 'invalidValue',
      field: 'temp',
    });
  });

  it('rejects the whole uplink when one value is outside its bounds or not finite, naming it', async () => {
    const { decoder } = decoderWith();
    const invalid = { reason: 'invalidValue', field: 'temp' };
    for (const temp of [1e308, -1e308, 120.01, -60.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await decoder.decode(scope, 't', uplink({ decoded: { temp, hum: 50 } }))).toEqual(
        invalid,
      );
    }
    // 0x7FFF × 0.1 = 3276.7 °C from the payload: the layout path is checked too.
    const hot = Buffer.from([0x7f, 0xff, 0x37]).toString('base64');
    expect(await decoder.decode(scope, 't', uplink({ payload: hot }))).toEqual(invalid);
    // The bounds are inclusive; a measurement without bounds takes any finite number.
    expect(
      await decoder.decode(scope, 't', uplink({ decoded: { temp: 120, hum: -1e300 } })),
    ).toEqual({ values: { 'm-temp': 120, 'm-hum': -1e300 } });
  });

  it('gives the reason when the payload cannot be decoded', async () => {
    const { decoder } = decoderWith();
    expect(await decoder.decode(scope, 't', uplink({ payload: undefined }))).toEqual({
      reason: 'undecodable',
    });
    expect(await decoder.decode(scope, 't', uplink({ payload: '*' }))).toEqual({
      reason: 'undecodable',
    });
    expect(await decoder.decode(scope, 't', uplink({ payload: 'AA==' }))).toEqual({
      reason: 'payloadTooShort',
    });
    const empty = decoderWith([]);
    expect(await empty.decoder.decode(scope, 't', uplink())).toEqual({ reason: 'undecodable' });
  });

  it("reads a type's layout once per TTL", async () => {
    const { decoder, reads, advance } = decoderWith();
    await decoder.decode(scope, 't', uplink());
    await decoder.decode(scope, 't', uplink());
    await decoder.decode(scope, 'u', uplink());
    expect(reads).toEqual(['t', 'u']);
    advance(LAYOUT_TTL_MS);
    await decoder.decode(scope, 't', uplink());
    expect(reads).toEqual(['t', 'u', 't']);
  });

  it('reads a type once for uplinks that arrive together, and again after a failed read', async () => {
    const { decoder, reads } = decoderWith(rows, null, 1);
    const together = await Promise.allSettled(
      Array.from({ length: 50 }, () => decoder.decode(scope, 't', uplink())),
    );
    expect(reads).toEqual(['t']);
    expect(together.every((r) => r.status === 'rejected')).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 50 }, () => decoder.decode(scope, 't', uplink())),
    );
    expect(reads).toEqual(['t', 't']);
    for (const decoded of again)
      expect(decoded).toEqual({ values: { 'm-temp': -20, 'm-hum': 55 } });
  });
});
