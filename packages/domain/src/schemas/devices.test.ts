import { describe, expect, it } from 'vitest';
import { can } from '../policy.js';
import { deviceTypeAlarmSettingsBody } from './device-types.js';
import { alarmLimitsBody, createDeviceBody, createUserDeviceBody } from './devices.js';
import { createMeasurementBody, payloadLayout } from './measurements.js';

const m = (id: string, measurementType: 'byte' | 'bit', size: number, bit = 1) => ({
  measurementId: id,
  measurementType,
  measurementSizeInBytes: size,
  measurementBitNumber: bit,
});

describe('the Vainu registry schemas', () => {
  it('lays a type out in order; consecutive bit fields share one byte', () => {
    const layout = payloadLayout([
      m('t', 'byte', 2),
      m('low', 'bit', 1, 1),
      m('door', 'bit', 1, 2),
      m('co2', 'byte', 2),
      m('alarm', 'bit', 1, 8),
    ]);
    expect(layout.fields.map((f) => [f.measurementId, f.offset, f.bitNumber])).toEqual([
      ['t', 0, undefined],
      ['low', 2, 1],
      ['door', 2, 2],
      ['co2', 3, undefined],
      ['alarm', 5, 8],
    ]);
    expect(layout.payloadBytes).toBe(6);
  });

  it('gives a measurement the decoder’s safe defaults', () => {
    expect(
      createMeasurementBody.parse({
        measurementName: 'CO2',
        measurementSizeInBytes: 2,
        measurementBitNumber: 1,
      }),
    ).toMatchObject({
      measurementType: 'byte',
      measurementSigned: false,
      measurementScale: 1,
      measurementOffset: 0,
      measurementUnit: '',
      measurementByteOrder: 'big',
    });
  });

  it("says 'Pakollinen kenttä' for a select left empty, 'Virheellinen arvo' for a bad id (issue 27)", () => {
    const issueOf = (
      result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
      field: string,
    ) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;
    const empty = createDeviceBody.safeParse({ deviceTypeId: '', deviceTargetId: '' });
    expect(issueOf(empty, 'deviceTypeId')).toBe('validation.required');
    expect(issueOf(empty, 'deviceTargetId')).toBe('validation.required');
    expect(issueOf(createDeviceBody.safeParse({ deviceTypeId: 'abc' }), 'deviceTypeId')).toBe(
      'validation.invalidValue',
    );
    const link = createUserDeviceBody.safeParse({ deviceUserId: '', targetId: '', deviceId: '' });
    for (const field of ['deviceUserId', 'targetId', 'deviceId']) {
      expect(issueOf(link, field)).toBe('validation.required');
    }
  });

  it('upper-cases a DevEUI and refuses one of the wrong length', () => {
    const base = {
      deviceQrCode: 'QR',
      deviceName: 'Mittari',
      deviceTypeId: crypto.randomUUID(),
      deviceSerialNumber: 'SN',
      deviceComissioiningDay: '2026-01-31',
      deviceLocation: 'Kellari',
      deviceGeoInfo: { latitude: 60, longitude: 25 },
      deviceSwVersion: '1',
      deviceProductCode: 'P',
      deviceTargetId: crypto.randomUUID(),
      deviceState: 'Aktiivinen',
    };
    expect(createDeviceBody.parse({ ...base, deviceEui: 'a1b2c3d4e5f60718' }).deviceEui).toBe(
      'A1B2C3D4E5F60718',
    );
    expect(createDeviceBody.safeParse({ ...base, deviceEui: 'a1b2c3d4e5f6071' }).success).toBe(
      false,
    );
    expect(
      createDeviceBody.safeParse({
        ...base,
        deviceEui: 'A1B2C3D4E5F60718',
        deviceComissioiningDay: '2026-02-30',
      }).success,
    ).toBe(false);
  });

  it('wants exactly one of device and target for limits', () => {
    const limits = [{ measurementId: crypto.randomUUID(), lowLimit: 1, highLimit: 2 }];
    expect(alarmLimitsBody.safeParse({ alarmLimits: limits }).success).toBe(false);
    expect(
      alarmLimitsBody.safeParse({
        alarmLimits: limits,
        deviceId: crypto.randomUUID(),
        targetId: crypto.randomUUID(),
      }).success,
    ).toBe(false);
    expect(
      alarmLimitsBody.safeParse({ alarmLimits: limits, deviceId: crypto.randomUUID() }).success,
    ).toBe(true);
  });

  it('lets every role above Käyttäjä with Vainu manage devices', () => {
    const actor = (userRoles: 'Käyttäjä' | 'Pääkäyttäjä', userPermissions: number[]) => ({
      userRoles,
      userPermissions,
      organizationId: 'o',
    });
    expect(can(actor('Käyttäjä', [2]), { do: 'manageDevices' })).toBe(false);
    expect(can(actor('Pääkäyttäjä', [2]), { do: 'manageDevices' })).toBe(true);
    expect(can(actor('Pääkäyttäjä', [1, 4]), { do: 'manageDevices' })).toBe(false);
  });
});

describe('a device type’s alarm settings', () => {
  const issueOf = (body: unknown) => {
    const result = deviceTypeAlarmSettingsBody.safeParse(body);
    return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('takes whole minutes in range, or null for off', () => {
    expect(issueOf({ deviceTypeOfflineAfterMinutes: 5, deviceTypeAlarmDelayMinutes: 1440 })).toBe(
      null,
    );
    expect(issueOf({ deviceTypeOfflineAfterMinutes: 43_200, deviceTypeAlarmDelayMinutes: 1 })).toBe(
      null,
    );
    expect(
      issueOf({ deviceTypeOfflineAfterMinutes: null, deviceTypeAlarmDelayMinutes: null }),
    ).toBe(null);
  });

  it('names the field with its own text for a fraction, out of range or missing', () => {
    const offline = ['deviceTypeOfflineAfterMinutes', 'validation.device.offlineAfterRange'];
    const delay = ['deviceTypeAlarmDelayMinutes', 'validation.device.alarmDelayRange'];
    expect(
      issueOf({ deviceTypeOfflineAfterMinutes: 4, deviceTypeAlarmDelayMinutes: null }),
    ).toEqual([offline]);
    expect(
      issueOf({ deviceTypeOfflineAfterMinutes: 7.5, deviceTypeAlarmDelayMinutes: null }),
    ).toEqual([offline]);
    expect(
      issueOf({ deviceTypeOfflineAfterMinutes: null, deviceTypeAlarmDelayMinutes: 1441 }),
    ).toEqual([delay]);
    expect(issueOf({ deviceTypeOfflineAfterMinutes: null })).toEqual([
      ['deviceTypeAlarmDelayMinutes', 'validation.required'],
    ]);
  });
});
