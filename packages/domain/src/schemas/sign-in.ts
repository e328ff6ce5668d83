import { z } from 'zod';
import { ROLES } from '../roles.js';
import { loginResponse } from './auth.js';
import { id, msg, requiredText, text } from './fields.js';

/**
 * Two-factor sign-in, passkeys, trusted browsers and the sessions list (issue 31). WebAuthn
 * options and responses are the JSON forms of the W3C WebAuthn Level 3 dictionaries
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …) as
 * @simplewebauthn/browser produces and reads them; they are checked by @simplewebauthn/server,
 * so here they are only bounded objects.
 */
export const SECOND_FACTORS = ['totp', 'passkey', 'recoveryCode'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** A short-lived single-purpose ticket from the password step (not a session). */
const ticket = text({ error: msg('signIn.ticketRequired') })
  .min(1, { error: msg('signIn.ticketRequired') })
  .max(2048, { error: msg('invalidValue') });

/** Six digits, spaces allowed between them (authenticator apps show "123 456"). */
export const totpCode = text({ error: msg('signIn.totpCodeRequired') })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: msg('signIn.totpCodeRequired') })
      .regex(/^\d{6}$/, { error: msg('signIn.totpCodeFormat') }),
  );

/** xxxxx-xxxxx of the recovery alphabet; case and the hyphen are forgiven. */
export const recoveryCode = text({ error: msg('signIn.recoveryCodeRequired') })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: msg('signIn.recoveryCodeRequired') })
      .regex(/^[a-z2-7]{10}$/, { error: msg('signIn.recoveryCodeFormat') }),
  );

/** A WebAuthn JSON object from the browser: checked by @simplewebauthn/server, bounded here. */
const webauthnJson = z
  .record(z.string(), z.unknown(), { error: msg('signIn.passkeyRequired') })
  .refine((value) => JSON.stringify(value).length <= 16_384, { error: msg('invalidValue') });

const trustBrowser = z.boolean({ error: msg('invalidValue') }).optional();

/** The password step's answer when a second step is needed. */
export const secondStepResponse = z.object({
  message: z.string(),
  secondStep: z.object({
    ticket: z.string(),
    /** What the user can answer with; empty with `enrol`. */
    methods: z.array(z.enum(SECOND_FACTORS)),
    /** The organization requires a second factor the user does not have: enrol first. */
    enrol: z.boolean(),
  }),
});
export type SecondStepResponse = z.infer<typeof secondStepResponse>;

/** A finished sign-in; `trustedBrowserToken` when the browser asked to be trusted. */
export const signedInResponse = loginResponse.extend({
  trustedBrowserToken: z.string().optional(),
  /** Shown once, when a first second factor was enrolled. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** POST /api/login answers either way. */
export const loginStepResponse = z.union([signedInResponse, secondStepResponse]);
export type LoginStepResponse = z.infer<typeof loginStepResponse>;

export const secondStepBody = z
  .object({
    ticket,
    totpCode: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    trustBrowser,
  })
  .refine((body) => body.totpCode !== undefined || body.recoveryCode !== undefined, {
    error: msg('signIn.totpCodeRequired'),
    path: ['totpCode'],
  });
export type SecondStepBody = z.infer<typeof secondStepBody>;

export const passkeyOptionsBody = z.object({ ticket: ticket.optional() });
export type PasskeyOptionsBody = z.infer<typeof passkeyOptionsBody>;
export const passkeyOptionsResponse = z.object({
  message: z.string(),
  options: z.record(z.string(), z.unknown()),
});

export const passkeySignInBody = z.object({
  ticket: ticket.optional(),
  credential: webauthnJson,
  trustBrowser,
});
export type PasskeySignInBody = z.infer<typeof passkeySignInBody>;

export const ticketBody = z.object({ ticket });
export type TicketBody = z.infer<typeof ticketBody>;

/** A TOTP secret being enrolled: shown once, as text, otpauth URI and QR code (SVG data URL). */
export const totpEnrolmentResponse = z.object({
  message: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponse>;

export const confirmTotpBody = z.object({ totpCode });
export type ConfirmTotpBody = z.infer<typeof confirmTotpBody>;
export const enrolTotpBody = z.object({ ticket, totpCode, trustBrowser });
export type EnrolTotpBody = z.infer<typeof enrolTotpBody>;

export const passkeyName = requiredText('signIn.passkeyNameRequired').max(100, {
  error: msg('signIn.passkeyNameTooLong'),
});
export const addPasskeyBody = z.object({ name: passkeyName, credential: webauthnJson });
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;
export const enrolPasskeyBody = addPasskeyBody.extend({ ticket, trustBrowser });
export type EnrolPasskeyBody = z.infer<typeof enrolPasskeyBody>;

/**
 * A change of the own second factors ends the user's other sessions (this one goes on); the first
 * factor enrolled answers with the ten recovery codes, shown once.
 */
export const secondFactorChangedResponse = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).optional(),
});
export type SecondFactorChangedResponse = z.infer<typeof secondFactorChangedResponse>;

export const passkeyIdParams = z.object({ passkeyId: id() });
export const sessionIdParams = z.object({ sessionId: id() });
export const trustedBrowserIdParams = z.object({ trustedBrowserId: id() });

export const ownSignInResponse = z.object({
  message: z.string(),
  totp: z.boolean(),
  passkeys: z.array(
    z.object({
      passkeyId: z.string(),
      name: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  recoveryCodesLeft: z.number().int(),
  /** The organization requires a second factor of this user. */
  secondFactorRequired: z.boolean(),
  sessions: z.array(
    z.object({
      sessionId: z.string(),
      current: z.boolean(),
      browser: z.string(),
      ip: z.string().nullable(),
      method: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
    }),
  ),
  trustedBrowsers: z.array(
    z.object({
      trustedBrowserId: z.string(),
      browser: z.string(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type OwnSignInResponse = z.infer<typeof ownSignInResponse>;

export const recoveryCodesResponse = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** An organization's sign-in settings (Ylläpitäjä of it, or Pääylläpitäjä). */
export const signInSettingsBody = z.object({
  /** Users of this role and above need a second factor; null: nobody must. */
  organizationTwoFactorRole: z.enum(ROLES, { error: msg('invalidValue') }).nullable(),
  organizationPasskeySignIn: z.boolean({ error: msg('invalidValue') }),
});
export type SignInSettingsBody = z.infer<typeof signInSettingsBody>;
export const signInSettingsResponse = signInSettingsBody.extend({ message: z.string() });
export const organizationIdParams = z.object({ organizationId: id() });
export const userIdParams = z.object({ userId: id() });
