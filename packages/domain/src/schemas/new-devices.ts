import { z } from 'zod';
import { createDeviceBody, DEVICE_EUI_PATTERN } from './devices.js';
import { id, msg, text } from './fields.js';
import { deviceMsg } from './measurements.js';

// The "Uudet laitteet" inbox (issue 25): uplinks of DevEUIs that no device of the organization
// has, kept as rejected (unknownDevice) since their first contact; accepted into devices (their
// kept uplinks then stored as readings) or dismissed.

/** DevEUIs the inbox lists at most, the most recently heard first. */
export const NEW_DEVICES_LIST_MAX = 500;

/** One unknown DevEUI of an organization and what its uplinks say about it. */
export const newDeviceRecord = z.object({
  /** 16 upper-case hex digits. */
  deviceEui: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  firstSeen: z.string().describe('ISO 8601: the first kept uplink'),
  lastSeen: z.string().describe('ISO 8601: the newest kept uplink'),
  uplinks: z.number().describe('How many uplinks are kept'),
  /** chirpstack, ttn or generic: the newest uplink's source. */
  source: z.string(),
  /**
   * The device profile the network server names: ChirpStack's deviceInfo.deviceProfileName, The
   * Things Stack's version_ids (brand and model); null when the uplink names none.
   */
  deviceProfileName: z.string().nullable(),
  /** The network server's name of the device (ChirpStack deviceName, The Things Stack device_id). */
  networkDeviceName: z.string().nullable(),
  /** The newest uplink's FRMPayload as hex (upper-case); null without one. */
  lastPayloadHex: z.string().nullable(),
  /** The newest uplink's FPort; null without one. */
  lastFPort: z.number().nullable(),
  /** The newest uplink's decoded object (ChirpStack object, TTS decoded_payload, generic values). */
  lastDecoded: z.record(z.string(), z.unknown()).nullable(),
});
export type NewDeviceRecord = z.infer<typeof newDeviceRecord>;

export const newDevicesResponse = z.object({
  message: z.string(),
  newDevices: z.array(newDeviceRecord),
});
export type NewDevicesResponse = z.infer<typeof newDevicesResponse>;

const inboxEui = () =>
  text({ error: msg('required') })
    .trim()
    .min(1, { error: msg('required'), abort: true })
    .transform((value) => value.replace(/[-:\s]/g, ''))
    .pipe(
      z
        .string()
        .regex(DEVICE_EUI_PATTERN, { error: deviceMsg('euiFormat') })
        .transform((value) => value.toUpperCase()),
    );

/** POST /api/new-devices/accept: the add-device form's fields, its DevEUI one of the inbox's. */
export const acceptNewDeviceBody = createDeviceBody;
export type AcceptNewDeviceBody = z.input<typeof acceptNewDeviceBody>;

export const acceptNewDeviceResponse = z.object({
  message: z.string(),
  lastInsertedId: z.string(),
  /** Kept uplinks replayed through the ingest. */
  replayed: z.number(),
  /** Of them, stored as readings (the rest were rejected for another reason, or duplicates). */
  stored: z.number(),
  /** Kept uplinks that could not be replayed (their kept body was cut or unreadable); they stay. */
  notReplayed: z.number(),
});
export type AcceptNewDeviceResponse = z.infer<typeof acceptNewDeviceResponse>;

/** POST /api/new-devices/dismiss: hides a DevEUI from the inbox (its uplinks stay listed). */
export const dismissNewDeviceBody = z.object({
  deviceEui: inboxEui(),
  /** Only the top administrator names it (required for them); anyone else: their own. */
  organizationId: id().optional(),
});
export type DismissNewDeviceBody = z.input<typeof dismissNewDeviceBody>;
