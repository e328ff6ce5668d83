import { z } from 'zod';
import { id, longText, msg, recordOf, recordState, requiredField, text } from './fields.js';
import {
  BYTE_ORDERS,
  deviceMsg,
  type LayoutField,
  MAX_PAYLOAD_BYTES,
  MEASUREMENT_MAX_BYTES,
  type MeasurementRecord,
  measurementRecord,
  payloadLayout,
} from './measurements.js';

// A device type's codec (issue 25, ADR 0036): where its values come from and how they are read.
// - networkServer: the network server's decoded object (ChirpStack `object`, The Things Stack
//   `decoded_payload` / `normalized_payload`), each measurement read at its `decodedPath`.
// - layout: the payload bytes, read by declarative frames chosen by FPort and/or a leading tag
//   byte: a fixed frame (fields at byte offsets) or a TLV frame (tag → entry of fields; 2-byte
//   tags are channel/type pairs). A frame that matches nothing, or is short, is rejected.
// - javascript: a `decodeUplink({ bytes, fPort, recvTime })` run in a sandbox; its output read
//   at each measurement's `decodedPath`, like a network server's object.

export const CODEC_SOURCES = ['networkServer', 'layout', 'javascript'] as const;
export type CodecSource = (typeof CODEC_SOURCES)[number];

/** A pasted codec: LoRaWAN Device Repository codecs run to a few tens of KiB. */
export const CODEC_SCRIPT_MAX = 100_000;
export const FRAMES_MAX = 16;
export const FRAME_FIELDS_MAX = 64;
/** Decimals a measurement's values are stored with, at most. */
export const DECIMALS_MAX = 6;

const int = (min: number, max: number, key: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? msg('required') : deviceMsg(key)),
    })
    .int({ error: deviceMsg(key) })
    .min(min, { error: deviceMsg(key) })
    .max(max, { error: deviceMsg(key) });

const finiteIn = (limit: number) =>
  z
    .number({ error: msg('invalidValue') })
    .min(-limit, { error: msg('invalidValue') })
    .max(limit, { error: msg('invalidValue') });

/**
 * One value in a frame: an integer of `length` bytes at `offset` (from the frame's start, or in
 * a TLV entry from the start of the entry's value), unsigned or two's complement, in the given
 * byte order; or, with `bitWidth`, the bits `bitPosition`…`bitPosition + bitWidth − 1` of that
 * integer (0 = least significant), unsigned. value = raw × scale + valueOffset.
 */
export const codecField = z
  .object({
    measurementId: id(),
    offset: int(0, MAX_PAYLOAD_BYTES - 1, 'offsetRange'),
    length: int(1, MEASUREMENT_MAX_BYTES, 'sizeRange'),
    signed: z.boolean({ error: msg('invalidValue') }).default(false),
    byteOrder: z.enum(BYTE_ORDERS, { error: msg('invalidValue') }).default('big'),
    bitPosition: int(0, 63, 'bitRange').optional(),
    bitWidth: int(1, 32, 'bitRange').optional(),
    scale: finiteIn(1e6)
      .refine((value) => value !== 0, { error: deviceMsg('scaleZero') })
      .default(1),
    valueOffset: finiteIn(1e6).default(0),
  })
  .superRefine((field, ctx) => {
    if ((field.bitPosition === undefined) !== (field.bitWidth === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['bitWidth'], message: deviceMsg('bitRange') });
    } else if (
      field.bitPosition !== undefined &&
      field.bitWidth !== undefined &&
      field.bitPosition + field.bitWidth > field.length * 8
    ) {
      ctx.addIssue({ code: 'custom', path: ['bitWidth'], message: deviceMsg('bitRange') });
    }
    if (field.offset + field.length > MAX_PAYLOAD_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: deviceMsg('offsetRange') });
    }
  });
export type CodecField = z.output<typeof codecField>;

/** A frame is chosen when the big-endian integer of `length` bytes at `offset` equals `value`. */
export const frameMatch = z.object({
  offset: int(0, MAX_PAYLOAD_BYTES - 4, 'offsetRange'),
  length: int(1, 4, 'sizeRange'),
  value: int(0, 0xffff_ffff, 'tagRange'),
});

/**
 * Which uplinks a frame reads: its FPort, a first byte (`tag`) and/or bytes elsewhere (`match`,
 * e.g. a version byte and a flags word); none set: every uplink. The first frame that matches
 * reads the uplink.
 */
const frameChoice = {
  fPort: int(1, 255, 'fPortRange').optional(),
  tag: int(0, 255, 'tagRange').optional(),
  match: z
    .array(frameMatch, { error: msg('invalidValue') })
    .max(4, { error: msg('invalidValue') })
    .optional(),
};

export const fixedFrame = z.object({
  kind: z.literal('fixed'),
  ...frameChoice,
  fields: z
    .array(codecField, { error: msg('invalidValue') })
    .min(1, { error: deviceMsg('fieldsRequired') })
    .max(FRAME_FIELDS_MAX, { error: msg('invalidValue') }),
});

/** One tag of a TLV frame: `length` value bytes (0–64) follow the tag; its fields read them. */
export const tlvEntry = z
  .object({
    tag: int(0, 0xffff, 'tagRange'),
    length: int(0, 64, 'sizeRange'),
    fields: z.array(codecField, { error: msg('invalidValue') }).max(16, {
      error: msg('invalidValue'),
    }),
  })
  .superRefine((entry, ctx) => {
    entry.fields.forEach((field, i) => {
      if (field.offset + field.length > entry.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'offset'],
          message: deviceMsg('offsetRange'),
        });
      }
    });
  });
export type TlvEntry = z.output<typeof tlvEntry>;

/**
 * A TLV frame: tag, value, tag, value… to the payload's end. tagBytes 1: one tag byte (Elsys);
 * 2: a channel byte and a type byte (Milesight), the entry's tag = channel × 256 + type. A tag
 * the frame does not list rejects the uplink (unknownFrame): its length is unknown, so nothing
 * after it can be read for certain.
 */
export const tlvFrame = z
  .object({
    kind: z.literal('tlv'),
    ...frameChoice,
    tagBytes: z.union([z.literal(1), z.literal(2)], { error: msg('invalidValue') }).default(1),
    entries: z
      .array(tlvEntry, { error: msg('invalidValue') })
      .min(1, { error: deviceMsg('fieldsRequired') })
      .max(FRAME_FIELDS_MAX, { error: msg('invalidValue') }),
  })
  .superRefine((frame, ctx) => {
    const seen = new Set<number>();
    frame.entries.forEach((entry, i) => {
      if (seen.has(entry.tag) || (frame.tagBytes === 1 && entry.tag > 0xff)) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', i, 'tag'],
          message: deviceMsg('tagRange'),
        });
      }
      seen.add(entry.tag);
    });
  });

export const codecFrame = z.discriminatedUnion('kind', [fixedFrame, tlvFrame], {
  error: msg('invalidValue'),
});
export type CodecFrame = z.output<typeof codecFrame>;

export const deviceTypeCodec = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('networkServer') }),
    z.object({
      source: z.literal('layout'),
      frames: z
        .array(codecFrame, { error: msg('invalidValue') })
        .min(1, { error: deviceMsg('fieldsRequired') })
        .max(FRAMES_MAX, { error: msg('invalidValue') }),
    }),
    z.object({
      source: z.literal('javascript'),
      script: text({ error: msg('invalidValue') }, true)
        .min(1, { error: msg('required') })
        .max(CODEC_SCRIPT_MAX, { error: deviceMsg('scriptTooLong') }),
    }),
  ],
  { error: msg('invalidValue') },
);
export type DeviceTypeCodec = z.output<typeof deviceTypeCodec>;

/**
 * Where a measurement's value sits in a decoded object: keys joined by dots, an index in
 * brackets: `co2`, `air.co2`, `sensor.temperature.value`, `channels[2].value`. A path starting
 * `normalized` reads The Things Stack's normalized_payload (`normalized.air.temperature` is the
 * first entry's, `normalized[1].air.temperature` the second's).
 */
export const DECODED_PATH = /^[A-Za-z_$][\w$-]*(\[\d{1,3}\])*(\.[A-Za-z_$][\w$-]*(\[\d{1,3}\])*)*$/;

/** A measurement of a type: where its value is found, how many decimals are kept. */
export const typeMeasurement = z.object({
  measurementId: id(),
  /** For networkServer and javascript codecs: required there; ignored by a layout. */
  decodedPath: text()
    .trim()
    .max(200, { error: deviceMsg('pathFormat') })
    .regex(DECODED_PATH, { error: deviceMsg('pathFormat') })
    .nullable()
    .optional(),
  /** Rounds every value; null: what the scale and offset give (0.1 → 1), float noise removed. */
  decimals: int(0, DECIMALS_MAX, 'decimalsRange').nullable().optional(),
});
export type TypeMeasurement = z.output<typeof typeMeasurement>;

const wholeMinutes = (range: { min: number; max: number }, key: string) =>
  int(range.min, range.max, key).nullable();

/** Offline alarm after 5 minutes to 30 days of silence (ADR 0024). */
export const OFFLINE_AFTER_MINUTES = { min: 5, max: 43_200 } as const;
/** A limit alarm's delay: 1 minute to a day. */
export const ALARM_DELAY_MINUTES = { min: 1, max: 1440 } as const;

/**
 * PATCH /api/device-types/{deviceTypeId}/alarm-settings: the type's offline alarm and limit-alarm
 * delay in whole minutes; null turns either off.
 */
export const deviceTypeAlarmSettingsBody = z.object({
  deviceTypeOfflineAfterMinutes: wholeMinutes(OFFLINE_AFTER_MINUTES, 'offlineAfterRange'),
  deviceTypeAlarmDelayMinutes: wholeMinutes(ALARM_DELAY_MINUTES, 'alarmDelayRange'),
});
export type DeviceTypeAlarmSettingsBody = z.infer<typeof deviceTypeAlarmSettingsBody>;

const deviceTypeFields = {
  deviceTypeName: requiredField(100),
  deviceTypeState: recordState().default('Aktiivinen'),
  deviceTypeDescription: longText(),
  deviceTypeCodec: deviceTypeCodec,
  measurements: z
    .array(typeMeasurement, { error: msg('invalidValue') })
    .min(1, { error: deviceMsg('measurementsRequired') })
    .max(FRAME_FIELDS_MAX, { error: msg('invalidValue') }),
  deviceTypeOfflineAfterMinutes:
    deviceTypeAlarmSettingsBody.shape.deviceTypeOfflineAfterMinutes.default(null),
  deviceTypeAlarmDelayMinutes:
    deviceTypeAlarmSettingsBody.shape.deviceTypeAlarmDelayMinutes.default(null),
};

type TypeShape = {
  deviceTypeCodec: DeviceTypeCodec;
  measurements: { measurementId: string; decodedPath?: string | null | undefined }[];
};

/** Every frame field names a measurement of the type; a mapped source needs each one's path. */
export function checkDeviceType(value: TypeShape, ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  value.measurements.forEach((m, i) => {
    if (ids.has(m.measurementId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['measurements', i, 'measurementId'],
        message: deviceMsg('duplicateMeasurement'),
      });
    }
    ids.add(m.measurementId);
    if (value.deviceTypeCodec.source !== 'layout' && !m.decodedPath) {
      ctx.addIssue({
        code: 'custom',
        path: ['measurements', i, 'decodedPath'],
        message: msg('required'),
      });
    }
  });
  if (value.deviceTypeCodec.source !== 'layout') return;
  value.deviceTypeCodec.frames.forEach((frame, f) => {
    const fields =
      frame.kind === 'fixed'
        ? frame.fields.map((field, i) => ({ field, path: ['fields', i] }))
        : frame.entries.flatMap((entry, e) =>
            entry.fields.map((field, i) => ({ field, path: ['entries', e, 'fields', i] })),
          );
    for (const { field, path } of fields) {
      if (!ids.has(field.measurementId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['deviceTypeCodec', 'frames', f, ...path, 'measurementId'],
          message: deviceMsg('measurementNotOfType'),
        });
      }
    }
  });
}

/** POST /api/device-types. organizationId: the top administrator's choice; others' own. */
export const createDeviceTypeBody = z
  .object({ organizationId: id().optional(), ...deviceTypeFields })
  .superRefine(checkDeviceType);
export type CreateDeviceTypeBody = z.output<typeof createDeviceTypeBody>;

/** PUT /api/device-types/{deviceTypeId}: every field as on create. */
export const updateDeviceTypeBody = z.object(deviceTypeFields).superRefine(checkDeviceType);
export type UpdateDeviceTypeBody = z.output<typeof updateDeviceTypeBody>;

/** POST /api/device-types/from-profile: the network server's device profile id. */
export const fromProfileBody = z.object({
  deviceProfileId: text({
    error: (issue) => (issue.input === undefined ? msg('required') : msg('invalidValue')),
  })
    .trim()
    .min(1, { error: msg('required') })
    .max(100, { error: msg('invalidValue') }),
});

/** POST /api/device-types/{deviceTypeId}/copy */
export const copyDeviceTypeBody = z.object({ deviceTypeName: requiredField(100) });

/**
 * A device type as the API answers it. Measurements in position order, each with its place in
 * a decoded object and its decimals. deviceTypeCodec null: a type from before issue 25, read by
 * its measurements' own layout (`payloadLayout`, payloadBytes long).
 */
export const deviceTypeRecord = recordOf(deviceTypeAlarmSettingsBody).extend({
  deviceTypeId: z.string(),
  /** The same id, as the spec lists it too. */
  id: z.string(),
  organizationId: z.string(),
  deviceTypeName: z.string(),
  deviceTypeState: z.string(),
  deviceTypeDescription: z.string().nullable(),
  deviceTypeCodec: deviceTypeCodec.nullable(),
  /** The device-network (ChirpStack) profile linked to this type; null when none. */
  deviceProfileId: z.string().nullable(),
  /** Sum of the byte fields' sizes plus one byte per distinct bit-field byte: the payload length. */
  payloadBytes: z.number(),
  /** Devices of the type (any state). */
  deviceCount: z.number(),
  updatedAt: z.string(),
  Measurements: z.array(
    measurementRecord.extend({
      position: z.number(),
      decodedPath: z.string().nullable(),
      decimals: z.number().nullable(),
    }),
  ),
});

export type DeviceTypeRecord = z.infer<typeof deviceTypeRecord>;

export const deviceTypesResponse = z.object({
  message: z.string(),
  deviceTypes: z.array(deviceTypeRecord),
});
export type DeviceTypesResponse = z.infer<typeof deviceTypesResponse>;

export const deviceTypeResponse = z.object({
  message: z.string(),
  deviceType: deviceTypeRecord,
});

/**
 * GET /api/device-types/{deviceTypeId}/samples: real payloads of the type's devices to replay
 * through an edited codec — each device's newest stored uplink, and uplinks rejected for what
 * their payload held — newest first.
 */
export const deviceTypeSamplesResponse = z.object({
  message: z.string(),
  samples: z.array(
    z.object({
      deviceName: z.string(),
      deviceEui: z.string(),
      at: z.string(),
      fPort: z.number().nullable(),
      /** Hex. */
      payload: z.string(),
      /** Why it was rejected; null for a stored uplink. */
      rejectedReason: z.string().nullable(),
    }),
  ),
});
export type DeviceTypeSamplesResponse = z.infer<typeof deviceTypeSamplesResponse>;

/** A payload as typed into the test bench: hex (spaces allowed) or base64. */
export const PAYLOAD_TEXT = /^[\s0-9A-Za-z+/=_-]{0,700}$/;

/**
 * POST /api/device-types/codec-test: a codec tried on one payload before it is saved. The
 * measurements are the organization's (organizationId for the top administrator).
 */
export const codecTestBody = z
  .object({
    organizationId: id().optional(),
    deviceTypeCodec: deviceTypeCodec,
    measurements: deviceTypeFields.measurements,
    payload: text()
      .regex(PAYLOAD_TEXT, { error: deviceMsg('payloadFormat') })
      .default(''),
    fPort: int(0, 255, 'fPortRange').optional(),
    /** A network server's decoded object, for a networkServer codec. */
    decoded: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine(checkDeviceType);
export type CodecTestBody = z.output<typeof codecTestBody>;

export const codecTestResponse = z.object({
  message: z.string(),
  /** The payload's bytes as hex, when it had any. */
  bytes: z.string(),
  values: z.array(
    z.object({ measurementId: z.string(), measurementName: z.string(), value: z.number() }),
  ),
  /** Why the uplink would be rejected; absent when it would be stored. */
  reason: z.string().optional(),
  field: z.string().optional(),
  detail: z.string().optional(),
});
export type CodecTestResponse = z.infer<typeof codecTestResponse>;

/**
 * A field of a measurement layout (`payloadLayout`) as a codec field: its bytes, or its one bit
 * (bit number 1 = bit position 0), with the measurement's conversion.
 */
export function codecFieldOf(
  field: LayoutField,
  conversion: Pick<CodecField, 'signed' | 'byteOrder' | 'scale' | 'valueOffset'>,
): CodecField {
  return {
    measurementId: field.measurementId,
    offset: field.offset,
    length: field.sizeInBytes,
    signed: conversion.signed,
    byteOrder: conversion.byteOrder,
    scale: conversion.scale,
    valueOffset: conversion.valueOffset,
    ...(field.bitNumber !== undefined && { bitPosition: field.bitNumber - 1, bitWidth: 1 }),
  };
}

/**
 * The codec a type from before ADR 0036 has implicitly: one fixed frame of its measurements'
 * own layout (`payloadLayout`: consecutive fields, bit fields sharing a byte). The decoder reads
 * such a type with it; the type form starts from it.
 */
export function legacyLayoutFrames(
  measurements: readonly Pick<
    MeasurementRecord,
    | 'measurementId'
    | 'measurementType'
    | 'measurementSizeInBytes'
    | 'measurementBitNumber'
    | 'measurementSigned'
    | 'measurementScale'
    | 'measurementOffset'
    | 'measurementByteOrder'
  >[],
): CodecFrame[] {
  const { fields } = payloadLayout(measurements);
  if (fields.length === 0) return [];
  return [
    {
      kind: 'fixed',
      fields: fields.map((field, i) => {
        const m = measurements[i] as (typeof measurements)[number];
        return codecFieldOf(field, {
          signed: m.measurementSigned,
          byteOrder: m.measurementByteOrder,
          scale: m.measurementScale,
          valueOffset: m.measurementOffset,
        });
      }),
    },
  ];
}
