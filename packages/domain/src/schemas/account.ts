import { z } from 'zod';
import { REGISTRATION_CODE_MIN_LENGTH } from '../constants.js';
import { email, msg, password, requiredText } from './fields.js';

const optionalText = (max = 200) =>
  z
    .string({ error: msg('invalidValue') })
    .trim()
    .max(max, { error: msg('invalidValue') })
    .optional()
    .nullable();

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

/** The registration form adds the repeated password, checked in the browser only. */
export const registerUserForm = registerUserBody
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.userPassword, {
    path: ['confirmPassword'],
    error: msg('passwordsDoNotMatch'),
  });
export type RegisterUserForm = z.infer<typeof registerUserForm>;

/** POST /api/forgot-user-password */
export const forgotPasswordBody = z.object({ userEmail: email() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const matchingPasswords = <T extends { userPassword: string; confirmPassword: string }>(form: T) =>
  form.userPassword === form.confirmPassword;

/** POST /api/change-user-forgot-password: the reset link's code and the new password twice. */
export const resetPasswordBody = z
  .object({
    userPassword: password,
    confirmPassword: z.string({ error: msg('passwordRequired') }),
    code: requiredText('codeRequired').max(200, { error: msg('invalidValue') }),
  })
  .refine(matchingPasswords, { path: ['confirmPassword'], error: msg('passwordsDidNotMatch') });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** PATCH /api/change-password: own password; every field required (spec 000 §5). */
export const changePasswordBody = z
  .object({
    userCurrentPassword: z
      .string({ error: msg('passwordRequired') })
      .min(1, { error: msg('passwordRequired') })
      .max(1024, { error: msg('invalidValue') }),
    userPassword: password,
    confirmPassword: z.string({ error: msg('passwordRequired') }),
  })
  .refine(matchingPasswords, { path: ['confirmPassword'], error: msg('passwordsDidNotMatch') });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** PATCH /api/users-own: own details; the e-mail is read-only and not accepted here. */
export const updateOwnDetailsBody = z.object({
  userFirstName: requiredText('firstNameRequired').max(100, { error: msg('invalidValue') }),
  userLastName: requiredText('lastNameRequired').max(100, { error: msg('invalidValue') }),
  userPhoneNumber: optionalText(40),
  userJobTitle: optionalText(100),
});
export type UpdateOwnDetailsBody = z.infer<typeof updateOwnDetailsBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
