import { z } from 'zod';
import { STATES } from '../constants.js';
import { ROLES } from '../roles.js';
import { sessionUser } from './auth.js';
import {
  email,
  id,
  longText,
  msg,
  password,
  permissionsString,
  recordState,
  requiredField,
  requiredText,
} from './fields.js';

// Hallinta: users, user-target links and the admin password change (spec 000 §3, §5, §7).

export const role = () =>
  z.enum(ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? msg('required') : msg('invalidValue'),
  });

const userFields = {
  userEmail: email('emailInvalidAdmin'),
  userFirstName: requiredText('firstNameRequired').max(100, { error: msg('invalidValue') }),
  userLastName: requiredText('lastNameRequired').max(100, { error: msg('invalidValue') }),
  // Required in the admin form, together with the job title (spec 000 §5).
  userPhoneNumber: requiredField(40),
  userJobTitle: requiredField(100),
  userRoles: role(),
  userState: recordState(),
  /**
   * Only the top administrator chooses; for anyone else it may be left out and is their own
   * organization (naming another one answers 403).
   */
  userOrganization: id()
    .optional()
    .describe(
      "The organization's id. Pääylläpitäjä must give it; anyone else may leave it out (their own) and naming another answers 403.",
    ),
  userPermissions: permissionsString(),
  userInformation: longText(),
  userDescription: longText(),
};

/** POST /api/register: an administrator creates a user (body as the user form). */
export const createUserBody = z.object({ ...userFields, userPassword: password });
export type CreateUserBody = z.infer<typeof createUserBody>;

/** PATCH /api/users: an administrator edits a user, named by `uuid`; the password is not here. */
export const updateUserBody = z.object({ uuid: id(), ...userFields });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** The user as the admin calls return it: the session user's fields plus timestamps. */
export const userRecord = sessionUser.extend({
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type UserRecord = z.infer<typeof userRecord>;

export const userResponse = z.object({ message: z.string(), user: userRecord });
export type UserResponse = z.infer<typeof userResponse>;

export const usersResponse = z.object({ message: z.string(), users: z.array(userRecord) });
export type UsersResponse = z.infer<typeof usersResponse>;

/** GET /api/user/?uuid= */
export const userQuery = z.object({ uuid: id() });
/** GET /api/organization-users/?organizationId= */
export const organizationUsersQuery = z.object({ organizationId: id() });

/** A user as other lists show them (contact users, users of a target). */
export const userSummary = z.object({
  uuid: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userRoles: z.enum(ROLES),
  userState: z.enum(STATES),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userSummariesResponse = z.object({
  message: z.string(),
  users: z.array(userSummary),
});
export type UserSummariesResponse = z.infer<typeof userSummariesResponse>;

/**
 * POST /api/change-user-password: an administrator sets another user's password by e-mail.
 * Every field is required ('Pakollinen kenttä') and the two must match (spec 000 §5).
 */
export const changeUserPasswordBody = z
  .object({
    userEmail: email('emailInvalidAdmin'),
    userPassword: password,
    confirmPassword: requiredText('required'),
  })
  .refine((form) => form.userPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: msg('passwordsDoNotMatch'),
  });
export type ChangeUserPasswordBody = z.infer<typeof changeUserPasswordBody>;

// --- User-target links -----------------------------------------------------------------------

/** One link of a user to a target; `id` is the link's own id (DELETE takes it). */
export const userTarget = z.object({
  id: z.string(),
  userId: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  targetAddress: z.string(),
  targetPostalDistrict: z.string(),
});
export type UserTarget = z.infer<typeof userTarget>;

export const userTargetsResponse = z.object({
  message: z.string(),
  targets: z.array(userTarget),
});
export type UserTargetsResponse = z.infer<typeof userTargetsResponse>;

/** GET /api/user-targets?userId= */
export const userTargetsQuery = z.object({ userId: id() });

const targetIdList = z
  .array(id(), { error: msg('required') })
  .max(500, { error: msg('invalidValue') });

/**
 * POST /api/user-targets: links the user to the targets (existing links are kept). The
 * organization is the user's; a non-top administrator naming another answers 403.
 */
export const addUserTargetsBody = z.object({
  organization: id().optional(),
  userId: id(),
  targetId: targetIdList.min(1, { error: msg('required') }),
});
export type AddUserTargetsBody = z.infer<typeof addUserTargetsBody>;

/** PATCH /api/user-targets: the user's links become exactly these targets (empty removes all). */
export const updateUserTargetsBody = z.object({ userId: id(), targetId: targetIdList });
export type UpdateUserTargetsBody = z.infer<typeof updateUserTargetsBody>;

/** DELETE /api/user-targets: one link, by its id. */
export const deleteUserTargetBody = z.object({ id: id() });

/** GET /api/user-by-targets?targetId= */
export const userByTargetsQuery = z.object({ targetId: id() });

/**
 * GET /api/user-by-user-targets?userId=: the users who share at least one target with the user
 * (the caller when left out), for choosing contact people and recipients.
 */
export const userByUserTargetsQuery = z.object({ userId: id().optional() });

/** PATCH /api/target-contact-user-data-remove: the target's contact users are cleared. */
export const targetContactUserDataRemoveBody = z.object({ targetId: id() });
