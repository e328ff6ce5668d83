import { z } from 'zod';
import { BUSINESS_ID_LENGTH, RETENTION_MONTHS_MAX } from '../constants.js';
import type { ValidationKey } from '../i18n/index.js';
import {
  id,
  longText,
  msg,
  positiveInt,
  recordOf,
  recordState,
  requiredText,
  zipCode,
} from './fields.js';

// Hallinta: organizations and the applications granted to them (spec 000 §3, §5, §7).

/** Required ('X on pakollinen tieto'), at least `min` characters, at most `max`. */
const textOfLength = (required: ValidationKey, tooShort: ValidationKey, min: number, max = 200) =>
  requiredText(required)
    .min(min, { error: msg(tooShort) })
    .max(max, { error: msg('invalidValue') });

const organizationFields = {
  organizationBusinessId: requiredText('businessIdRequired').length(BUSINESS_ID_LENGTH, {
    error: msg('businessIdLength'),
  }),
  organizationContractNumber: textOfLength(
    'contractNumberRequired',
    'contractNumberTooShort',
    3,
    50,
  ),
  organizationName: textOfLength('organizationNameRequired', 'organizationNameTooShort', 2),
  organizationAddress: textOfLength('addressRequired', 'addressTooShort', 3),
  organizationZipCode: zipCode(),
  organizationPostalDistrict: textOfLength('postalDistrictRequired', 'postalDistrictTooShort', 2),
  organizationArea: textOfLength('areaRequired', 'areaTooShort', 2),
  organizationState: recordState(),
  organizationInformation: longText(),
  organizationDescription: longText(),
  /**
   * How many whole months measurement data is kept (1–RETENTION_MONTHS_MAX); null keeps it for
   * good (the default). Left out of an update, the stored setting stays.
   */
  organizationRetentionMonths: z
    .number({ error: msg('retentionMonths') })
    .int({ error: msg('retentionMonths') })
    .min(1, { error: msg('retentionMonths') })
    .max(RETENTION_MONTHS_MAX, { error: msg('retentionMonths') })
    .nullable()
    .optional(),
  /** Application ids (GET /api/applications); at least one ('Pakollinen kenttä'). */
  organizationApplications: z
    .array(positiveInt(), { error: msg('required') })
    .min(1, { error: msg('required') })
    .max(50, { error: msg('invalidValue') }),
};

/** POST /api/organization (Pääylläpitäjä). */
export const createOrganizationBody = z.object(organizationFields);
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>;

/** PATCH /api/organization (Pääylläpitäjä): the organization named by organizationId. */
export const updateOrganizationBody = z.object({ organizationId: id(), ...organizationFields });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

export const application = z.object({ applicationId: z.number(), applicationName: z.string() });
export type Application = z.infer<typeof application>;

export const applicationsResponse = z.object({
  message: z.string(),
  applications: z.array(application),
});
export type ApplicationsResponse = z.infer<typeof applicationsResponse>;

/** GET /api/organization-applications?organizationId= */
export const organizationApplicationsQuery = z.object({ organizationId: id() });
/** The organization whose logo is read, replaced or removed. */
export const organizationLogoQuery = organizationApplicationsQuery;

/** An organization's logo (the report's first page): PNG or JPEG by content, at most this. */
export const ORGANIZATION_LOGO_MAX_BYTES = 512 * 1024;

/** An organization as the API answers it: the body's fields, its id, applications and times. */
export const organizationRecord = recordOf(createOrganizationBody).extend({
  organizationId: z.string(),
  /** Whole months measurement data is kept; null: for good. */
  organizationRetentionMonths: z.number().int().nullable(),
  /** The same applications with their names (spec 000 §3: on edit). */
  OrganizationApplications: z.array(application),
  /** Whether a logo is uploaded (GET /api/organization-logo answers it). */
  organizationLogo: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});

export type OrganizationRecord = z.infer<typeof organizationRecord>;

export const organizationResponse = z.object({
  message: z.string(),
  organization: organizationRecord,
});
export type OrganizationResponse = z.infer<typeof organizationResponse>;

export const organizationsResponse = z.object({
  message: z.string(),
  organizations: z.array(organizationRecord),
});
export type OrganizationsResponse = z.infer<typeof organizationsResponse>;
