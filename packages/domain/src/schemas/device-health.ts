import { z } from 'zod';

// Device health (issue 25): what the network server tells of a device's radio and battery, kept
// per device as the latest figures (not a row per uplink) and shown with the device.

/** A device's latest radio and battery figures; null fields were never reported. */
export const deviceHealthRecord = z.object({
  /** When the newest uplink was measured (ISO 8601): the radio figures are its. */
  uplinkAt: z.string().nullable(),
  /** Best RSSI (dBm) among the gateways that received the newest uplink. */
  rssi: z.number().nullable(),
  /** Best SNR (dB) among them. */
  snr: z.number().nullable(),
  /** How many gateways received the newest uplink. */
  gateways: z.number().int().nullable(),
  /** The gateway with the best RSSI. */
  gatewayId: z.string().nullable(),
  spreadingFactor: z.number().int().nullable(),
  /** Hz */
  frequency: z.number().nullable(),
  fPort: z.number().int().nullable(),
  fCnt: z.number().int().nullable(),
  /** Battery percent (ChirpStack status event or a measurement whose quantity is battery). */
  battery: z.number().nullable(),
  /** When the battery was reported (ISO 8601). */
  batteryAt: z.string().nullable(),
  /** The device's demodulation margin (dB) from its last ChirpStack status event. */
  margin: z.number().int().nullable(),
  /** From the last status event: the device runs on external power (no battery level). */
  externalPower: z.boolean().nullable(),
  /** When the last status event was measured (ISO 8601). */
  statusAt: z.string().nullable(),
});
export type DeviceHealthRecord = z.infer<typeof deviceHealthRecord>;
