import { z } from 'zod';
import { deviceTypeResponse } from './device-types.js';
import { id, msg, text } from './fields.js';

/**
 * What the server could learn from the device-network service (ChirpStack v4) on this call:
 *   ok             the profiles were read
 *   notConfigured  DEVICE_NETWORK_URL, DEVICE_NETWORK_API_KEY and DEVICE_NETWORK_TENANT_ID are unset
 *   rejected       the service refused the API key or the tenant (401, 403, 404)
 *   timeout        no answer in time
 *   unreachable    no connection (DNS, refused, reset)
 *   badResponse    an error status (5xx, other 4xx) or an answer of another shape
 * Anything but ok comes with an empty list and a `message` that says what happened.
 */
export const DEVICE_NETWORK_STATUSES = [
  'ok',
  'notConfigured',
  'rejected',
  'timeout',
  'unreachable',
  'badResponse',
] as const;
export type DeviceNetworkStatus = (typeof DEVICE_NETWORK_STATUSES)[number];

/**
 * One device profile of the network server: a kind of device as the network knows it (spec 001
 * §2 Vainu 9, the device types table). The `id` is the network's own; a link to a Vahti device
 * type (`deviceTypeId`) can be added beside it without changing the rest.
 */
export const deviceProfile = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string().nullable().describe('LoRaWAN region, e.g. EU868'),
  macVersion: z.string().nullable().describe('LoRaWAN MAC version, e.g. LORAWAN_1_0_3'),
  regParamsRevision: z.string().nullable(),
  supportsOtaa: z.boolean().nullable(),
  supportsClassB: z.boolean().nullable(),
  supportsClassC: z.boolean().nullable(),
  createdAt: z.string().nullable().describe('ISO 8601, as the network server reports it'),
  updatedAt: z.string().nullable().describe('ISO 8601, as the network server reports it'),
  deviceTypeId: z
    .string()
    .nullable()
    .describe(
      "The caller's organization's Vahti device type linked to this profile; null when none",
    ),
});
export type DeviceProfile = z.infer<typeof deviceProfile>;

export const deviceProfilesResponse = z.object({
  message: z.string().describe('Success text, or what went wrong with the device-network service'),
  status: z.enum(DEVICE_NETWORK_STATUSES),
  deviceProfiles: z.array(deviceProfile),
  totalCount: z
    .number()
    .int()
    .describe('Profiles the network server holds; more than listed when past the server cap'),
});
export type DeviceProfilesResponse = z.infer<typeof deviceProfilesResponse>;

/** PATCH /api/device-types/{deviceTypeId}/device-profile: path. */
export const deviceTypeParams = z.object({ deviceTypeId: id() });

/**
 * PATCH /api/device-types/{deviceTypeId}/device-profile: the network server's profile id to link
 * (a ChirpStack id, kept as text), or null to remove the link.
 */
export const deviceProfileLinkBody = z.object({
  deviceProfileId: text({
    error: (issue) => (issue.input === undefined ? msg('required') : msg('invalidValue')),
  })
    .trim()
    .min(1, { error: msg('required') })
    .max(100, { error: msg('invalidValue') })
    .nullable(),
});
export type DeviceProfileLinkBody = z.infer<typeof deviceProfileLinkBody>;

/** The device type after linking, with its `deviceProfileId`. */
export const deviceTypeProfileResponse = deviceTypeResponse;
