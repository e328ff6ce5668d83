import { z } from 'zod';
import { deviceHealthRecord } from './device-health.js';
import {
  chosenId,
  id,
  longText,
  msg,
  optionalText,
  recordOf,
  recordState,
  requiredField,
  text,
} from './fields.js';
import { latestValue } from './latest-values.js';
import { deviceMsg, limitValue } from './measurements.js';

// Devices (mittarit), their alarm limits and history (spec 001 §3, §4, §5, §7).

/** LoRaWAN DevEUI: 16 hexadecimal digits; stored upper-case, unique across the service. */
export const DEVICE_EUI_PATTERN = /^[0-9A-Fa-f]{16}$/;

/**
 * Device state as stored (Aktiivinen / Passiivinen). The admin list reads the same value as
 * Käytössä / Pois käytöstä (spec 001 §4): one state, two labels.
 */
export const DEVICE_STATE_ADMIN_LABEL = {
  Aktiivinen: 'Käytössä',
  Passiivinen: 'Pois käytöstä',
} as const;

/** One min and max per measurement of the chosen type (the add form's rows). */
export const alarmLimitInput = z
  .object({
    measurementId: id(),
    lowLimit: limitValue(),
    highLimit: limitValue(),
  })
  .superRefine((value, ctx) => {
    if (value.lowLimit >= value.highLimit) {
      ctx.addIssue({ code: 'custom', path: ['lowLimit'], message: deviceMsg('lowBelowHigh') });
    }
  });
export type AlarmLimitInput = z.infer<typeof alarmLimitInput>;

const alarmLimitList = z
  .array(alarmLimitInput, { error: msg('required') })
  .max(64, { error: msg('invalidValue') })
  .refine((list) => new Set(list.map((l) => l.measurementId)).size === list.length, {
    error: deviceMsg('duplicateMeasurement'),
  });

const isoDate = () =>
  text({
    error: (issue) => (issue.input === undefined ? msg('required') : msg('invalidValue')),
  })
    .trim()
    .min(1, { error: msg('required'), abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg('invalidValue') })
    // A real day: 2026-02-30 would roll over to March.
    .refine(
      (value) => {
        const day = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
      },
      { error: msg('invalidValue') },
    );

const coordinate = (max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? msg('required') : msg('invalidValue'),
    })
    .min(-max, { error: msg('invalidValue') })
    .max(max, { error: msg('invalidValue') });

const deviceFields = {
  deviceQrCode: requiredField(100),
  deviceName: requiredField(200),
  deviceTypeId: chosenId(),
  /** LoRaWAN DevEUI, 16 hex digits, unique: uplinks find the device by it. */
  deviceEui: requiredText16(),
  deviceSerialNumber: requiredField(100),
  /** YYYY-MM-DD (spelled as the spec spells it). */
  deviceComissioiningDay: isoDate(),
  deviceLocation: requiredField(200),
  deviceGeoInfo: z.object(
    { latitude: coordinate(90), longitude: coordinate(180) },
    { error: msg('required') },
  ),
  deviceSwVersion: requiredField(50),
  deviceProductCode: requiredField(100),
  /** Only the top administrator chooses; anyone else may leave it out (their own). */
  deviceOrganizationId: id().optional(),
  deviceTargetId: chosenId(),
  deviceState: recordState(),
  deviceDescription: longText(),
};

function requiredText16() {
  return requiredField(16)
    .regex(DEVICE_EUI_PATTERN, { error: deviceMsg('euiFormat') })
    .transform((value) => value.toUpperCase());
}

/** The action note every change carries into the history (deviceText). */
const deviceText = () => requiredField(500);

/** POST /api/device: the device and, in the same transaction, its alarm limits. */
export const createDeviceBody = z.object({
  ...deviceFields,
  /** The add form's min and max per measurement of the type; each must be of the type. */
  alarmLimits: alarmLimitList.default([]),
  /** Note for the first history entry; empty or left out: "Mittari lisätty". */
  deviceText: optionalText(500),
});
export type CreateDeviceBody = z.input<typeof createDeviceBody>;

/** PATCH /api/devices: every field, the device named by deviceId, and the action note. */
export const updateDeviceBody = z.object({
  deviceId: id(),
  ...deviceFields,
  deviceText: deviceText(),
});
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

/** A device as the API answers it: the fields of PATCH /api/devices less the note, and names. */
export const deviceRecord = recordOf(updateDeviceBody)
  .omit({ deviceText: true })
  .extend({
    id: z.string(),
    Organization: z.object({ organizationName: z.string() }),
    Target: z.object({ targetName: z.string() }),
    DeviceType: z.object({ deviceTypeName: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Latest radio and battery figures (device health); null before the first uplink or status. */
    health: deviceHealthRecord.nullable(),
  });

export type DeviceRecord = z.infer<typeof deviceRecord>;

export const deviceResponse = z.object({
  message: z.string(),
  lastInsertedId: z.string(),
  device: deviceRecord,
});
export const updatedDeviceResponse = z.object({ message: z.string(), device: deviceRecord });
export const devicesResponse = z.object({ message: z.string(), devices: z.array(deviceRecord) });
export type DevicesResponse = z.infer<typeof devicesResponse>;

/** GET /api/devices/{deviceId}: the device page (issue 27). */
export const deviceParams = z.object({ deviceId: id() });
export const deviceOverviewResponse = z.object({
  message: z.string(),
  device: deviceRecord,
  /** The latest value of each measurement the caller is shown, in the type's order. */
  latest: z.array(latestValue),
});
export type DeviceOverviewResponse = z.infer<typeof deviceOverviewResponse>;

/** GET /api/organization-devices?deviceOrganizationId= */
export const organizationDevicesQuery = z.object({ deviceOrganizationId: id() });
/** GET /api/target-devices?deviceTargetId= */
export const targetDevicesQuery = z.object({ deviceTargetId: id() });
/** GET /api/alarm-limits, /api/device-history, /api/device-history-limits ?deviceId= */
export const deviceQuery = z.object({ deviceId: id() });

export const ALARM_LIMIT_SOURCES = ['device', 'target', 'type'] as const;
export type AlarmLimitSource = (typeof ALARM_LIMIT_SOURCES)[number];

/** One effective limit of a device: its own, else its target's, else the type's default. */
export const alarmLimitRecord = z.object({
  measurementId: z.string(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  deviceId: z.string(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  /** Where the limit comes from; null when none is set anywhere. */
  source: z.enum(ALARM_LIMIT_SOURCES).nullable(),
});
export type AlarmLimitRecord = z.infer<typeof alarmLimitRecord>;
export const alarmLimitsResponse = z.object({
  message: z.string(),
  alarmLimits: z.array(alarmLimitRecord),
});
export type AlarmLimitsResponse = z.infer<typeof alarmLimitsResponse>;

/**
 * POST /api/alarm-limits and PATCH /api/alarm-limits: limits of one device (deviceId) or of one
 * target (targetId; inherited by its devices without their own). POST adds limits a device or
 * target does not have yet (409 when one exists); PATCH sets them, adding or replacing.
 */
export const alarmLimitsBody = z
  .object({
    deviceId: id().optional(),
    targetId: id().optional(),
    alarmLimits: alarmLimitList.refine((list) => list.length > 0, { error: msg('required') }),
    /** The action note of the history entry; required on PATCH of a device's limits. */
    deviceText: requiredField(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.deviceId === !value.targetId) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: deviceMsg('deviceOrTarget') });
    }
  });
export type AlarmLimitsBody = z.input<typeof alarmLimitsBody>;

export const DEVICE_HISTORY_KINDS = ['device', 'limits'] as const;
export const deviceHistoryEntry = z.object({
  id: z.string(),
  deviceId: z.string(),
  kind: z.enum(DEVICE_HISTORY_KINDS),
  targetName: z.string(),
  deviceText: z.string(),
  /** Who: the user's name when written (kept after the user is gone). */
  fullName: z.string(),
  /** What changed: field → new value (limits: measurement name → {lowLimit, highLimit}). */
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type DeviceHistoryEntry = z.infer<typeof deviceHistoryEntry>;
export const deviceHistoryResponse = z.object({
  message: z.string(),
  deviceHistory: z.array(deviceHistoryEntry),
});
export type DeviceHistoryResponse = z.infer<typeof deviceHistoryResponse>;

/**
 * POST /api/device-history: a note on a device. The entry is always the caller's; a userId, when
 * sent (the spec's form sends it), must be the caller's own.
 */
export const createDeviceHistoryBody = z.object({
  deviceId: id(),
  deviceText: deviceText(),
  userId: id().optional(),
});
export const deviceHistoryEntryResponse = z.object({
  message: z.string(),
  entry: deviceHistoryEntry,
});

/**
 * One measurement choice of a device-to-user link: a single-key object, measurement id → shown
 * or not (spec 001 §3: deviceMeasurements).
 */
const measurementChoice = z
  .record(z.string(), z.boolean({ error: msg('invalidValue') }), { error: msg('invalidValue') })
  .refine(
    (choice) =>
      Object.keys(choice).length === 1 &&
      Object.keys(choice).every((key) => z.uuid().safeParse(key).success),
    { error: msg('invalidValue') },
  );

/** POST /api/user-device: which device, and which of its measurements, a user follows. */
export const createUserDeviceBody = z.object({
  /** Only the top administrator chooses; anyone else may leave it out (their own). */
  organizationId: id().optional(),
  deviceUserId: chosenId(),
  targetId: chosenId(),
  deviceId: chosenId(),
  deviceMeasurements: z
    .array(measurementChoice, { error: msg('required') })
    .max(64, { error: msg('invalidValue') }),
  measurementsState: recordState(),
});
export type CreateUserDeviceBody = z.input<typeof createUserDeviceBody>;

/** PATCH /api/user-device: which of the device's measurements the user sees, and the state. */
export const updateUserDeviceBody = createUserDeviceBody
  .pick({ deviceMeasurements: true, measurementsState: true })
  .extend({ id: id() });
export type UpdateUserDeviceBody = z.input<typeof updateUserDeviceBody>;

/** DELETE /api/user-device: the link, by its own id. */
export const removeUserDeviceBody = z.object({ id: id() });

/** A device-to-user link as the API answers it: the body's fields, its id and names. */
export const userDeviceRecord = recordOf(createUserDeviceBody).extend({
  id: z.string(),
  /** The user's name. */
  fullName: z.string(),
  userEmail: z.string(),
  Target: z.object({ targetName: z.string() }),
  Device: z.object({ deviceName: z.string(), deviceQrCode: z.string() }),
  createdAt: z.string(),
});

export type UserDeviceRecord = z.infer<typeof userDeviceRecord>;

export const userDeviceResponse = z.object({ message: z.string(), userDevice: userDeviceRecord });
/** The link lists answer under `devices` (spec 001 §7: all-user-devices-admin → devices). */
export const userDevicesResponse = z.object({
  message: z.string(),
  devices: z.array(userDeviceRecord),
});
export type UserDevicesResponse = z.infer<typeof userDevicesResponse>;
/** GET /api/all-organization-user-devices?organizationId= */
export const organizationUserDevicesQuery = z.object({ organizationId: id() });
