import { payloadLayout } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { MEASUREMENTS, TYPES } from '../../db/demo/devices.js';
import { decodeFrames, fromBase64 } from './codecs/layout.js';
import {
  CO2_PEAK_CHANCE,
  chirpstackUplinkFor,
  encodePayload,
  frameOf,
  quantityOf,
  readingTimes,
  type SimDevice,
  simulateQuantity,
  simulateReading,
} from './simulation.js';

/** The demo catalogue's device types as the simulator sees them (schema defaults applied). */
const demoTypes: { name: string; device: SimDevice }[] = TYPES.map((type, t) => {
  const rows = type.layout.map((name) => {
    const m = MEASUREMENTS.find((x) => x.measurementName === name);
    if (!m) throw new Error(name);
    return {
      measurementId: `m-${name}`,
      measurementName: name,
      measurementUnit: m.measurementUnit ?? '',
      measurementType: m.measurementType ?? 'byte',
      measurementSizeInBytes: m.measurementSizeInBytes ?? 1,
      measurementBitNumber: m.measurementBitNumber ?? 1,
      signed: m.measurementSigned ?? false,
      scale: m.measurementScale ?? 1,
      valueOffset: m.measurementOffset ?? 0,
      byteOrder: m.measurementByteOrder ?? ('big' as const),
    };
  });
  const { fields } = payloadLayout(rows);
  return {
    name: type.name,
    device: {
      deviceEui: `70B3D57ED0${String(t).padStart(6, '0')}`,
      fields: fields.map((f, i) => ({ ...rows[i], ...f }) as SimDevice['fields'][number]),
    },
  };
});

const HOUR = 3_600_000;
const JUNE = Date.UTC(2026, 5, 1);
const month = readingTimes(JUNE, JUNE + 30 * 24 * HOUR, HOUR);

describe('simulated readings', () => {
  it('recognises every demo measurement', () => {
    for (const m of MEASUREMENTS) {
      expect(
        quantityOf({
          measurementName: m.measurementName,
          measurementUnit: m.measurementUnit ?? '',
          measurementType: m.measurementType ?? 'byte',
        }),
        m.measurementName,
      ).not.toBe('other');
    }
  });

  it('are deterministic: the same device and time give the same values', () => {
    const { device } = demoTypes[1] as (typeof demoTypes)[number];
    expect(simulateReading(device, JUNE + 5 * HOUR)).toEqual(
      simulateReading(device, JUNE + 5 * HOUR),
    );
    expect(chirpstackUplinkFor(device, JUNE)).toEqual(chirpstackUplinkFor(device, JUNE));
  });

  it('stay in realistic indoor ranges, with a daily cycle', () => {
    const eui = '70B3D57ED0000001';
    const temps = month.map((at) => simulateQuantity('temperature', eui, at));
    expect(Math.min(...temps)).toBeGreaterThan(18.5);
    expect(Math.max(...temps)).toBeLessThan(24);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(1);
    const humidity = month.map((at) => simulateQuantity('humidity', eui, at));
    expect(Math.min(...humidity)).toBeGreaterThan(25);
    expect(Math.max(...humidity)).toBeLessThan(55);
    const dp = month.map((at) => simulateQuantity('pressureDifference', eui, at));
    expect(Math.min(...dp)).toBeGreaterThan(1);
    expect(Math.max(...dp)).toBeLessThan(4.5);
  });

  it('CO2 stays 400–950 ppm outside peaks and peaks over 1,500 ppm a few days a month', () => {
    for (const eui of ['70B3D57ED0000001', '70B3D57ED0000002', '70B3D57ED0000003']) {
      const co2 = month.map((at) => simulateQuantity('co2', eui, at));
      expect(Math.min(...co2)).toBeGreaterThan(380);
      const peakDays = new Set(
        month.filter((_, i) => (co2[i] as number) > 1500).map((at) => Math.floor(at / (24 * HOUR))),
      );
      expect(peakDays.size).toBeGreaterThanOrEqual(1);
      expect(peakDays.size).toBeLessThanOrEqual(Math.ceil(30 * CO2_PEAK_CHANCE * 3));
      const calm = co2.filter((v) => v < 1000);
      expect(Math.max(...calm)).toBeLessThan(950);
    }
  });

  it('PM2.5 is low but rarely peaks over the 25 µg/m³ default limit', () => {
    const year = readingTimes(JUNE, JUNE + 120 * 24 * HOUR, HOUR);
    const pm = year.map((at) => simulateQuantity('pm25', '70B3D57ED0000004', at));
    const high = pm.filter((v) => v > 25).length;
    expect(high).toBeGreaterThan(0);
    expect(high / pm.length).toBeLessThan(0.02);
    expect(pm.filter((v) => v < 12).length / pm.length).toBeGreaterThan(0.9);
  });

  it('energy never goes backwards and power cycles with occupancy', () => {
    const eui = '70B3D57ED0000005';
    const energy = month.map((at) => simulateQuantity('energy', eui, at));
    for (let i = 1; i < energy.length; i += 1) {
      expect(energy[i] as number).toBeGreaterThan(energy[i - 1] as number);
    }
    const power = month.map((at) => simulateQuantity('power', eui, at));
    expect(Math.max(...power) - Math.min(...power)).toBeGreaterThan(1500);
    expect(Math.min(...power)).toBeGreaterThan(0);
  });
});

describe('encodePayload', () => {
  it.each(demoTypes)('round-trips through decodeFrames for the demo type $name', ({ device }) => {
    for (const at of month.slice(0, 200)) {
      const values = simulateReading(device, at);
      const decoded = decodeFrames(encodePayload(values, device.fields), undefined, [
        frameOf(device.fields),
      ]);
      expect(decoded.ok).toBe(true);
      if (!decoded.ok) return;
      for (const field of device.fields) {
        const want = values[field.measurementId] as number;
        const got = decoded.values[field.measurementId] as number;
        if (field.bitNumber !== undefined) expect(got).toBe(want === 0 ? 0 : 1);
        else expect(Math.abs(got - want)).toBeLessThanOrEqual(field.scale / 2 + 1e-9);
      }
    }
  });

  it('writes signed, scaled, offset and little-endian fields and clamps what does not fit', () => {
    const layout = [
      {
        measurementId: 't',
        offset: 0,
        sizeInBytes: 2,
        signed: true,
        scale: 0.01,
        valueOffset: 0,
        byteOrder: 'big' as const,
      },
      {
        measurementId: 'e',
        offset: 2,
        sizeInBytes: 4,
        signed: false,
        scale: 0.01,
        valueOffset: 0,
        byteOrder: 'little' as const,
      },
      {
        measurementId: 'k',
        offset: 6,
        sizeInBytes: 1,
        signed: false,
        scale: 0.5,
        valueOffset: -20,
        byteOrder: 'big' as const,
      },
      {
        measurementId: 'b1',
        offset: 7,
        sizeInBytes: 1,
        bitNumber: 1,
        signed: false,
        scale: 1,
        valueOffset: 0,
        byteOrder: 'big' as const,
      },
      {
        measurementId: 'b3',
        offset: 7,
        sizeInBytes: 1,
        bitNumber: 3,
        signed: false,
        scale: 1,
        valueOffset: 0,
        byteOrder: 'big' as const,
      },
      {
        measurementId: 'c',
        offset: 8,
        sizeInBytes: 1,
        signed: false,
        scale: 1,
        valueOffset: 0,
        byteOrder: 'big' as const,
      },
    ];
    const bytes = encodePayload({ t: -5.5, e: 1234.56, k: 30, b1: 1, b3: 1, c: 999 }, layout);
    expect([...bytes]).toEqual([0xfd, 0xda, 0x40, 0xe2, 0x01, 0x00, 100, 0b101, 255]);
    expect(decodeFrames(bytes, undefined, [frameOf(layout)])).toEqual({
      ok: true,
      values: { t: -5.5, e: 1234.56, k: 30, b1: 1, b3: 1, c: 255 },
    });
  });

  it('makes ChirpStack v4 uplinks whose data decodes with the layout', () => {
    const { device } = demoTypes[1] as (typeof demoTypes)[number];
    const uplink = chirpstackUplinkFor(device, JUNE + 90_000);
    expect(uplink.deviceInfo.devEui).toBe(device.deviceEui.toLowerCase());
    expect(uplink.time).toBe(new Date(JUNE + 90_000).toISOString());
    expect(uplink.fCnt).toBe(Math.floor((JUNE + 90_000) / 60_000));
    expect(uplink.deduplicationId).toBe(`${uplink.fCnt}:${uplink.time}`);
    const bytes = fromBase64(uplink.data as string);
    expect(bytes && decodeFrames(bytes, undefined, [frameOf(device.fields)]).ok).toBe(true);
  });
});
