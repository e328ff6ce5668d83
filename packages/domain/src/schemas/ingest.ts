import { z } from 'zod';
import { id, msg, recordOf, requiredField } from './fields.js';

// Ingestion (issue "Ingestion and alarms"; the calls are ours to design). Network servers post
// uplinks with an organization's ingest key; Hallinta creates and revokes the keys and lists the
// uplinks that could not be stored.

/** POST /api/ingest-keys: a name to tell the key apart (e.g. the network server's). */
export const createIngestKeyBody = z.object({
  organizationId: id().optional(),
  name: requiredField(100),
});
export type CreateIngestKeyBody = z.input<typeof createIngestKeyBody>;

/** An ingest key as the API answers it: the body's fields, its id, prefix and times. */
export const ingestKeyRecord = recordOf(createIngestKeyBody).extend({
  id: z.string(),
  prefix: z.string().describe("The key's first characters, to tell keys apart"),
  createdAt: z.string().describe('ISO 8601'),
  revokedAt: z.string().nullable().describe('ISO 8601'),
});

export type IngestKeyRecord = z.infer<typeof ingestKeyRecord>;

export const ingestKeysResponse = z.object({
  message: z.string(),
  ingestKeys: z.array(ingestKeyRecord),
});
export type IngestKeysResponse = z.infer<typeof ingestKeysResponse>;

/** The creation answer: the key itself, in this answer only (the server keeps its hash). */
export const createIngestKeyResponse = z.object({
  message: z.string(),
  key: z.string(),
  ingestKey: ingestKeyRecord,
});
export type CreateIngestKeyResponse = z.infer<typeof createIngestKeyResponse>;

export const ingestKeyResponse = z.object({ message: z.string(), ingestKey: ingestKeyRecord });

export const ingestKeyParams = z.object({ id: id() });

/** Why an uplink was not stored. */
export const REJECT_REASONS = [
  'unknownDevice',
  'undecodable',
  'payloadTooShort',
  'invalidValue',
  'invalidTime',
  'unknownMeasurement',
  /** Not an uplink: not JSON, nested too deep, too large, or not a network server's shape. */
  'malformed',
  /** An uplink that failed to store for a reason other than the database being away. */
  'unprocessable',
  /** The Things Stack's simulated uplink (`simulated: true`): listed, never a reading or alarm. */
  'simulated',
  /** A network server's decoded object of which no key or path maps to a measurement of the type. */
  'unmappedPayload',
  /** The payload matches none of the type's frame layouts (fPort, leading tag, or a TLV tag unknown). */
  'unknownFrame',
  /** The type's JavaScript codec threw, ran out of time or memory, or returned no usable data. */
  'codecFailed',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const rejectedUplinkRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  source: z.string().describe('chirpstack, ttn, generic, or mqtt for a message that was no uplink'),
  reason: z.enum(REJECT_REASONS),
  deviceEui: z.string().nullable(),
  field: z
    .string()
    .nullable()
    .describe(
      'What the reason is about: the measurement named (invalidValue) or the body field (invalidTime: time, received_at); null otherwise',
    ),
  receivedAt: z.string().describe('ISO 8601'),
  body: z.string().describe('The request body as received, cut at 8 KiB'),
});
export type RejectedUplinkRecord = z.infer<typeof rejectedUplinkRecord>;

export const rejectedUplinksResponse = z.object({
  message: z.string(),
  rejectedUplinks: z.array(rejectedUplinkRecord),
});
export type RejectedUplinksResponse = z.infer<typeof rejectedUplinksResponse>;

/** The answer to an uplink: how many readings were stored (replays count 0) and any rejects. */
export const ingestResponse = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(z.enum(REJECT_REASONS)).optional(),
  /** Uplinks kept in the intake journal while the database was away: stored once it answers. */
  queued: z.number().int().optional(),
});
export type IngestResponse = z.infer<typeof ingestResponse>;

const finite = z.number({ error: msg('invalidValue') }).refine(Number.isFinite, {
  error: msg('invalidValue'),
});

/** One reading of the generic form: values keyed by measurement id (or name). */
export const genericUplink = z.object({
  deviceEui: z.string({ error: msg('invalidValue') }).max(64, { error: msg('invalidValue') }),
  time: z.string({ error: msg('invalidValue') }).max(64, { error: msg('invalidValue') }),
  fCnt: z
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(0, { error: msg('invalidValue') })
    .max(2 ** 32, { error: msg('invalidValue') })
    .optional(),
  values: z.record(z.string().max(200), finite),
});
export type GenericUplink = z.infer<typeof genericUplink>;

export const GENERIC_BATCH_MAX = 5000;
export const genericIngestBody = z.union([
  genericUplink,
  z
    .array(genericUplink, { error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(GENERIC_BATCH_MAX, { error: msg('invalidValue') }),
]);

/** A radio figure as a network server sends it: a finite number, else left out of health. */
const radioNumber = () => z.number().optional().catch(undefined);

/**
 * ChirpStack v4 gw.UplinkRxInfo (api/proto/gw/gw.proto), as its JSON marshaler writes it: one per
 * receiving gateway. A field of the wrong type is dropped (catch), never the uplink.
 */
const chirpstackRxInfo = z.looseObject({
  gatewayId: z.string().max(64).optional().catch(undefined),
  rssi: radioNumber(),
  snr: radioNumber(),
});

/** ChirpStack v4 integration.DeviceInfo: the DevEUI names the device. */
const chirpstackDeviceInfo = z.looseObject({ devEui: z.string().max(64) });

/** ChirpStack v4 HTTP integration, event=up (the fields read; the rest is kept as received). */
export const chirpstackUplink = z.looseObject({
  deduplicationId: z.string().max(200).optional(),
  time: z.string().max(64).optional(),
  deviceInfo: chirpstackDeviceInfo,
  fCnt: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32)
    .optional(),
  /** LoRaWAN FPort 1–223 application frames; 0 is MAC-only (no application payload). */
  fPort: z.number().int().min(0).max(255).optional(),
  data: z.string().max(1000).optional(),
  object: z.record(z.string(), z.unknown()).optional(),
  /** Radio metadata, read into the device's health; wrong shapes are dropped, not refused. */
  rxInfo: z.array(chirpstackRxInfo).max(100).optional().catch(undefined),
  /** gw.UplinkTxInfo: frequency (Hz) and modulation.lora.spreadingFactor. */
  txInfo: z
    .looseObject({
      frequency: radioNumber(),
      modulation: z
        .looseObject({
          lora: z.looseObject({ spreadingFactor: radioNumber() }).optional().catch(undefined),
        })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});
export type ChirpstackUplink = z.infer<typeof chirpstackUplink>;

/**
 * ChirpStack v4 HTTP integration, event=status (integration.proto StatusEvent): the device's answer
 * to a DevStatusReq. margin is the demodulation SNR (dB) of that request; batteryLevel a percent,
 * unless batteryLevelUnavailable or externalPowerSource. proto3 JSON leaves out false and 0.
 */
export const chirpstackStatus = z.looseObject({
  deduplicationId: z.string().max(200).optional(),
  time: z.string().max(64).optional(),
  deviceInfo: chirpstackDeviceInfo,
  margin: z.number().int().min(-128).max(127).optional(),
  externalPowerSource: z.boolean().optional(),
  batteryLevelUnavailable: z.boolean().optional(),
  batteryLevel: z.number().min(0).max(100).optional(),
});
export type ChirpstackStatus = z.infer<typeof chirpstackStatus>;
export const chirpstackQuery = z.object({ event: z.string().max(50).default('up') });

/**
 * The Things Stack v3 uplink webhook (the fields read). end_device_ids.device_id is always sent;
 * dev_eui is absent for a device registered without one (then the device is found by device_id).
 */
export const ttnUplink = z.looseObject({
  end_device_ids: z
    .looseObject({
      device_id: z.string().max(64).optional(),
      dev_eui: z.string().max(64).optional(),
    })
    .refine((ids) => ids.dev_eui !== undefined || ids.device_id !== undefined, {
      error: msg('invalidValue'),
      path: ['device_id'],
    }),
  received_at: z.string().max(64).optional(),
  /** Set by The Things Stack on an uplink simulated in its Console or API, not sent by a device. */
  simulated: z.boolean().optional(),
  uplink_message: z.looseObject({
    f_cnt: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32)
      .optional(),
    f_port: z.number().int().min(0).max(255).optional(),
    frm_payload: z.string().max(1000).optional(),
    decoded_payload: z.record(z.string(), z.unknown()).optional(),
    /** The Things Stack's normalized payload (LoRaWAN Device Repository): a list of measurements. */
    normalized_payload: z.array(z.unknown()).max(100).optional(),
    received_at: z.string().max(64).optional(),
    /** One per receiving gateway (read into the device's health; wrong shapes dropped). */
    rx_metadata: z
      .array(
        z.looseObject({
          gateway_ids: z
            .looseObject({ gateway_id: z.string().max(64).optional().catch(undefined) })
            .optional()
            .catch(undefined),
          rssi: radioNumber(),
          snr: radioNumber(),
        }),
      )
      .max(100)
      .optional()
      .catch(undefined),
    /** Transmission settings: the data rate's LoRa spreading factor, the frequency (Hz, a string). */
    settings: z
      .looseObject({
        data_rate: z
          .looseObject({
            lora: z.looseObject({ spreading_factor: radioNumber() }).optional().catch(undefined),
          })
          .optional()
          .catch(undefined),
        frequency: z
          .union([z.string().max(20), z.number()])
          .optional()
          .catch(undefined),
      })
      .optional()
      .catch(undefined),
  }),
});
export type TtnUplink = z.infer<typeof ttnUplink>;
