import { z } from 'zod';
import { deviceRecord } from './devices.js';
import {
  fieldLabels,
  id,
  longText,
  msg,
  recordOf,
  recordState,
  requiredField,
  text,
  zipCode,
} from './fields.js';
import { userSummary } from './users.js';

// Targets (kohteet): the buildings an organization monitors (spec 000 §3, §5, §7).

const targetFields = {
  targetName: requiredField(200),
  targetAddress: requiredField(200),
  targetZipCode: zipCode(),
  targetPostalDistrict: requiredField(100),
  /**
   * Only the top administrator chooses; for anyone else it may be left out and is their own
   * organization (naming another one answers 403).
   */
  targetOrganizationId: id().optional(),
  targetType: requiredField(100),
  targetPropertyId: requiredField(100),
  targetJobNumber: requiredField(100),
  /** Uuids of the contact users, users of the target's organization; at least one. */
  targetContactUser: z
    .array(id(), { error: msg('required') })
    .min(1, { error: msg('required') })
    .max(100, { error: msg('invalidValue') }),
  targetState: recordState(),
  targetInformation: longText(),
  targetDescription: longText(),
};

/** POST /api/target */
export const createTargetBody = z.object(targetFields);
export type CreateTargetBody = z.infer<typeof createTargetBody>;

/** PATCH /api/target: the target named by targetId. */
export const updateTargetBody = z.object({ targetId: id(), ...targetFields });
export type UpdateTargetBody = z.infer<typeof updateTargetBody>;

/** The i18n key of each field's label ('targets.zipCode'). */
export const targetFieldLabels = fieldLabels(createTargetBody, 'target', 'targets', {
  targetOrganizationId: 'organization',
  targetContactUser: 'contactUsers',
});

/** A target as the API answers it: the body's fields, its id, names and timestamps. */
export const targetRecord = recordOf(createTargetBody).extend({
  targetId: z.string(),
  TargetContactUsers: z.array(userSummary),
  Organization: z.object({ organizationName: z.string() }),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type TargetRecord = z.infer<typeof targetRecord>;

export const targetResponse = z.object({ message: z.string(), target: targetRecord });
export type TargetResponse = z.infer<typeof targetResponse>;

export const targetsResponse = z.object({ message: z.string(), targets: z.array(targetRecord) });
export type TargetsResponse = z.infer<typeof targetsResponse>;

/** GET /api/targets/{id}: the target with the devices on it that the caller sees. */
export const targetWithDevicesResponse = z.object({
  message: z.string(),
  target: targetRecord.extend({ Devices: z.array(deviceRecord) }),
});
export type TargetWithDevicesResponse = z.infer<typeof targetWithDevicesResponse>;

/** GET /api/targets/names: id and name of every target the caller may see. */
export const targetNamesResponse = z.object({
  message: z.string(),
  targets: z.array(z.object({ id: z.string(), targetName: z.string() })),
});
export type TargetNamesResponse = z.infer<typeof targetNamesResponse>;

/** GET /api/organization-targets/?targetOrganizationId= */
export const organizationTargetsQuery = z.object({ targetOrganizationId: id() });
/** GET /api/target-by-id/?targetId= */
export const targetByIdQuery = z.object({ targetId: id() });
/** GET /api/targets-by-id/?targetId=a,b: several targets at once (comma-separated ids). */
export const targetsByIdQuery = z.object({
  targetId: text({ error: msg('required') })
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(id())
        .min(1, { error: msg('required') })
        .max(500),
    ),
});
export const targetParams = z.object({ id: id() });
