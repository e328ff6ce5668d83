import { z } from 'zod';
import { REGISTRATION_CODE_MIN_LENGTH } from '../constants.js';
import { sessionUser } from './auth.js';
import { email, msg, optionalText, password, requiredText, text } from './fields.js';

/** POST /api/register-user: self-registration with a registration code (spec 000 §3, §5). */
export const registerUserBody = z.object({
  userEmail: email(),
  userCode: requiredText('codeRequired').min(REGISTRATION_CODE_MIN_LENGTH, {
    error: msg('codeTooShort'),
  }),
  userPassword: password,
  userFirstName: requiredText('firstNameRequired').max(100, { error: msg('invalidValue') }),
  userLastName: requiredText('lastNameRequired').max(100, { error: msg('invalidValue') }),
  userPhoneNumber: optionalText(40),
});
export type RegisterUserBody = z.infer<typeof registerUserBody>;

/**
 * The registration form adds the repeated password, checked in the browser only. The two
 * passwords are compared on their own side of an intersection, so the mismatch shows at once,
 * beside the other fields' messages: an object's own refinement waits until every field is valid.
 */
export const registerUserForm = registerUserBody.extend({ confirmPassword: z.string() }).and(
  z
    .object({ userPassword: z.string(), confirmPassword: z.string() })
    .refine((form) => form.confirmPassword === form.userPassword, {
      path: ['confirmPassword'],
      error: msg('passwordsDoNotMatch'),
    }),
);
export type RegisterUserForm = z.infer<typeof registerUserForm>;

/** POST /api/forgot-user-password */
export const forgotPasswordBody = z.object({ userEmail: email() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const matchingPasswords = <T extends { userPassword: string; confirmPassword: string }>(form: T) =>
  form.userPassword === form.confirmPassword;

/**
 * POST /api/change-user-forgot-password: the reset link's code and the new password twice. The
 * /change-password page also asks for the e-mail; when sent, it must be the link's own address.
 */
export const resetPasswordBody = z
  .object({
    userPassword: password,
    confirmPassword: text({ error: msg('passwordRequired') }),
    code: requiredText('codeRequired').max(200, { error: msg('invalidValue') }),
    userEmail: email().optional(),
  })
  .refine(matchingPasswords, { path: ['confirmPassword'], error: msg('passwordsDidNotMatch') });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** PATCH /api/change-password: own password; every field required (spec 000 §5). */
export const changePasswordBody = z
  .object({
    userCurrentPassword: text({ error: msg('passwordRequired') })
      .min(1, { error: msg('passwordRequired') })
      .max(1024, { error: msg('invalidValue') }),
    userPassword: password,
    confirmPassword: text({ error: msg('passwordRequired') }),
  })
  .refine(matchingPasswords, { path: ['confirmPassword'], error: msg('passwordsDidNotMatch') });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** PATCH /api/users-own: own details; the e-mail is read-only and not accepted here. */
export const updateOwnDetailsBody = z.object({
  userFirstName: requiredText('firstNameRequired').max(100, { error: msg('invalidValue') }),
  userLastName: requiredText('lastNameRequired').max(100, { error: msg('invalidValue') }),
  userPhoneNumber: optionalText(40),
  userJobTitle: optionalText(100),
  /** Alarm mail on or off; unchanged when left out. */
  userAlarmMail: z.boolean({ error: msg('invalidValue') }).optional(),
});
export type UpdateOwnDetailsBody = z.infer<typeof updateOwnDetailsBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** PATCH /api/change-password answers with a fresh token: every earlier token is revoked. */
export const changePasswordResponse = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** PATCH /api/users-own answers with the user as GET /api/auth does. */
export const updateOwnDetailsResponse = z.object({ message: z.string(), user: sessionUser });
export type UpdateOwnDetailsResponse = z.infer<typeof updateOwnDetailsResponse>;
