import { z } from 'zod';
import { email, id, msg, text } from './fields.js';

// Registration codes (spec 000 §2, §4, §6; the calls are ours to design, §7 "not shown"). A code is
// a random secret: its organization, targets and permissions are kept on the server and looked
// up at registration, never read from the code.

/** The applications a code may grant: Tieto, Vainu, Materiaalipankki; Hallinta never. */
export const CODE_PERMISSIONS = [1, 2, 3] as const;
export const REGISTRATION_CODE_DAYS_DEFAULT = 30;
export const REGISTRATION_CODE_DAYS_MAX = 365;
/** Recipients per send call; a sender may mail 50 an hour in all (the API's rate limit). */
export const REGISTRATION_CODE_RECIPIENTS_MAX = 20;
export const REGISTRATION_CODE_USES_MAX = 100_000;

/**
 * POST /api/registration-codes. The top administrator names the organization; anyone else may
 * leave it out (their own; another answers 403). Every target must belong to the organization.
 */
export const createRegistrationCodeBody = z.object({
  organizationId: id().optional(),
  targetIds: z
    .array(id(), { error: msg('codeTargetsRequired') })
    .min(1, { error: msg('codeTargetsRequired') })
    .max(500, { error: msg('invalidValue') }),
  /** Comma string of 1–3; Tieto ("1") when left out. */
  userPermissions: text()
    .trim()
    .regex(/^[1-3]( *, *[1-3])*$/, { error: msg('invalidValue') })
    .optional(),
  expiresInDays: z
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(REGISTRATION_CODE_DAYS_MAX, { error: msg('invalidValue') })
    .default(REGISTRATION_CODE_DAYS_DEFAULT),
  /** How many registrations the code allows; left out, no limit until it expires. */
  maxUses: z
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(REGISTRATION_CODE_USES_MAX, { error: msg('invalidValue') })
    .optional(),
});
export type CreateRegistrationCodeBody = z.input<typeof createRegistrationCodeBody>;

/** usedUp: as many registrations as maxUses allows have been made. */
export const REGISTRATION_CODE_STATUSES = ['active', 'expired', 'revoked', 'usedUp'] as const;

/** A code as lists show it: never its text, which only the creation answer carries. */
export const registrationCodeRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  targets: z.array(z.object({ targetId: z.string(), targetName: z.string() })),
  userPermissions: z.string().describe('Comma-separated application ids granted on registration'),
  createdAt: z.string().describe('ISO 8601'),
  expiresAt: z.string().nullable().describe('ISO 8601; null never expires'),
  revokedAt: z.string().nullable().describe('ISO 8601'),
  useCount: z.number().int(),
  maxUses: z.number().int().nullable().describe('Registrations allowed; null: no limit'),
  createdBy: z.string().nullable().describe("The creator's e-mail, if the user still exists"),
  status: z.enum(REGISTRATION_CODE_STATUSES),
});
export type RegistrationCodeRecord = z.infer<typeof registrationCodeRecord>;

/** The creation answer: the code's text, shown once (the server keeps only its hash). */
export const createRegistrationCodeResponse = z.object({
  message: z.string(),
  code: z.string(),
  registrationCode: registrationCodeRecord,
});
export type CreateRegistrationCodeResponse = z.infer<typeof createRegistrationCodeResponse>;

/** GET /api/registration-codes?organizationId= (the top administrator may name any). */
export const registrationCodesQuery = z.object({ organizationId: id().optional() });

export const registrationCodesResponse = z.object({
  message: z.string(),
  registrationCodes: z.array(registrationCodeRecord),
});
export type RegistrationCodesResponse = z.infer<typeof registrationCodesResponse>;

export const registrationCodeParams = z.object({ id: id() });

export const registrationCodeResponse = z.object({
  message: z.string(),
  registrationCode: registrationCodeRecord,
});
export type RegistrationCodeResponse = z.infer<typeof registrationCodeResponse>;

/**
 * POST /api/registration-codes/{id}/send: mails the code with registration instructions. The
 * caller sends the code's text back (the server cannot: it keeps only the hash); it must be the
 * code of `id`.
 */
export const sendRegistrationCodeBody = z.object({
  code: text({ error: msg('codeRequired') })
    .trim()
    .min(1, { error: msg('codeRequired') })
    .max(200),
  recipients: z
    .array(email('emailInvalidAdmin'), { error: msg('recipientsRequired') })
    .min(1, { error: msg('recipientsRequired') })
    .max(REGISTRATION_CODE_RECIPIENTS_MAX, { error: msg('recipientsTooMany') }),
});
export type SendRegistrationCodeBody = z.infer<typeof sendRegistrationCodeBody>;
