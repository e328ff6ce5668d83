import { z } from 'zod';
import { STATES } from '../constants.js';
import { ROLES } from '../roles.js';
import { email, msg, text } from './fields.js';

/** POST / and POST /api/login. Only presence is checked: the password rules apply when set. */
export const loginBody = z.object({
  userEmail: email(),
  userPassword: text({ error: msg('passwordRequired') })
    .min(1, { error: msg('passwordRequired') })
    .max(1024, { error: msg('invalidValue') }),
  /** The device token an earlier sign-in in this browser answered with, if any. */
  deviceToken: z
    .string()
    .max(2048, { error: msg('invalidValue') })
    .optional(),
  /** The token "trust this browser" answered with for this account, if any (issue 31). */
  trustedBrowserToken: z
    .string()
    .max(256, { error: msg('invalidValue') })
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in user as the API returns it (spec 000 §3 field names). */
export const sessionUser = z.object({
  uuid: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userPhoneNumber: z.string().nullable(),
  userJobTitle: z.string().nullable(),
  userRoles: z.enum(ROLES),
  userState: z.enum(STATES),
  userOrganization: z.string(),
  userPermissions: z.string().describe('Comma-separated application ids, e.g. "1,2,4"'),
  userInformation: z.string().nullable(),
  userDescription: z.string().nullable(),
  /** Whether alarm mail reaches the user as a target's contact user (own details). */
  userAlarmMail: z.boolean(),
  UserTargets: z.array(z.object({ targetId: z.string() })),
  Organization: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    organizationPostalDistrict: z.string().nullable(),
  }),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  message: z.string(),
  token: z.string(),
  user: sessionUser,
  /** Kept by the browser and sent with its next sign-ins (docs/security.md, sign-in limits). */
  deviceToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const authResponse = z.object({
  message: z.string(),
  user: sessionUser,
});
export type AuthResponse = z.infer<typeof authResponse>;

/** Every failure answers in this shape (architecture guide, API contract). */
export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
