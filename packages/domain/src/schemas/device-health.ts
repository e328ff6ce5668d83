import { z } from 'zod';

// Device health (issue 25): what the network server tells of a device's radio and battery, kept
// per device as the latest figures (not a row per uplink) and shown with the device.

const instant = (what: string) => z.string().nullable().describe(`${what} (ISO 8601)`);

/** A device's latest radio and battery figures; null fields were never reported. */
export const deviceHealthRecord = z
  .object({
    uplinkAt: instant('When the newest uplink was measured: the radio figures are its'),
    rssi: z.number().nullable().describe('Best RSSI (dBm) among the gateways that heard it'),
    snr: z.number().nullable().describe('Best SNR (dB) among them'),
    gateways: z.number().int().nullable().describe('How many gateways heard it'),
    gatewayId: z.string().nullable().describe('The gateway with the best RSSI'),
    spreadingFactor: z.number().int().nullable().describe('LoRa spreading factor (7–12)'),
    frequency: z.number().nullable().describe('Hz'),
    fPort: z.number().int().nullable(),
    fCnt: z.number().int().nullable().describe('Frame counter'),
    battery: z
      .number()
      .nullable()
      .describe(
        'Battery percent: the newer of a ChirpStack status event and a measurement whose quantity is battery',
      ),
    batteryAt: instant('When the battery figure was reported'),
    margin: z
      .number()
      .int()
      .nullable()
      .describe("Demodulation margin (dB) from the device's last ChirpStack status event"),
    externalPower: z
      .boolean()
      .nullable()
      .describe('From the last status event: the device runs on external power'),
    statusAt: instant('When the last status event was measured'),
  })
  .describe(
    "The device's latest radio and battery figures (device health); null before its first uplink or status event",
  );
export type DeviceHealthRecord = z.infer<typeof deviceHealthRecord>;
