import { z } from 'zod';
import { ROLES } from '../roles.js';
import { email, id, msg, permissionsString, text } from './fields.js';
import { role } from './users.js';

// Single sign-on with OpenID Connect per organization (issue 31).

/** Domains one organization's sign-in may cover. */
export const SSO_DOMAINS_MAX = 20;

/** A DNS name as an e-mail address ends: labels of letters, digits and hyphens, a TLD of letters. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The part of an e-mail address after its last @, lower-cased: what the domains are matched on. */
export const emailDomain = (address: string) =>
  address.slice(address.lastIndexOf('@') + 1).toLowerCase();

export const ssoDomain = () =>
  text({ error: msg('sso.domainInvalid') })
    .trim()
    .toLowerCase()
    .regex(DOMAIN, { error: msg('sso.domainInvalid') });

/**
 * PUT /api/organization-sso: an organization's sign-in through its own OpenID provider. The
 * client secret is write-only: omitted (or empty) keeps the stored one; the first save needs it.
 */
export const organizationSsoBody = z.object({
  organizationId: id(),
  issuerUrl: text({ error: msg('sso.issuerUrlInvalid') })
    .trim()
    .min(1, { error: msg('sso.issuerUrlRequired'), abort: true })
    .max(500, { error: msg('sso.issuerUrlInvalid') })
    .pipe(z.url({ protocol: /^https?$/, error: msg('sso.issuerUrlInvalid') }))
    .describe(
      "The OpenID provider's issuer identifier; its /.well-known/openid-configuration is read",
    ),
  clientId: text({ error: msg('sso.clientIdRequired') })
    .trim()
    .min(1, { error: msg('sso.clientIdRequired'), abort: true })
    .max(300, { error: msg('invalidValue') }),
  clientSecret: text({ error: msg('invalidValue') })
    .max(1000, { error: msg('invalidValue') })
    .optional()
    .describe('Write-only: never answered. Omitted or empty keeps the stored secret.'),
  emailDomains: z
    .array(ssoDomain(), { error: msg('sso.domainsRequired') })
    .min(1, { error: msg('sso.domainsRequired') })
    .max(SSO_DOMAINS_MAX, { error: msg('invalidValue') }),
  userRoles: role().describe("New users' role: not above the saving administrator's own"),
  userPermissions: permissionsString().describe(
    'New users\' applications, e.g. "1,2": only ones the saving administrator holds',
  ),
  targetIds: z
    .array(id(), { error: msg('invalidValue') })
    .max(500, { error: msg('invalidValue') })
    .default([])
    .describe("Targets new users are linked to (the organization's own)"),
  passwordSignIn: z
    .boolean({ error: msg('invalidValue') })
    .describe(
      "Whether the organization's users on these domains may still sign in with a password",
    ),
  enabled: z.boolean({ error: msg('invalidValue') }),
});
export type OrganizationSsoBody = z.infer<typeof organizationSsoBody>;

/** GET and DELETE /api/organization-sso?organizationId= */
export const organizationSsoQuery = z.object({ organizationId: id() });

/** The stored settings as answered: the secret never, only whether one is stored. */
export const organizationSso = z.object({
  organizationId: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  emailDomains: z.array(z.string()),
  userRoles: z.enum(ROLES),
  userPermissions: z.string(),
  targetIds: z.array(z.string()),
  passwordSignIn: z.boolean(),
  enabled: z.boolean(),
  /** Where the provider must send the browser back: register it as the client's redirect URI. */
  redirectUri: z.string(),
  updatedAt: z.string().describe('ISO 8601'),
});
export type OrganizationSso = z.infer<typeof organizationSso>;

export const organizationSsoResponse = z.object({
  message: z.string(),
  organizationSso: organizationSso.nullable(),
  /** Where the provider must send the browser back, also before anything is saved. */
  redirectUri: z.string(),
});
export type OrganizationSsoResponse = z.infer<typeof organizationSsoResponse>;

/** POST /api/organization-sso/test: discovery of an issuer, before or after saving. */
export const testSsoBody = organizationSsoBody.pick({ organizationId: true, issuerUrl: true });
export type TestSsoBody = z.infer<typeof testSsoBody>;

/** GET /api/auth/sso?email=: whether the address's domain signs in through an organization. */
export const ssoLookupQuery = z.object({ email: email() });
export const ssoLookupResponse = z.object({
  message: z.string(),
  /** The domain has an enabled single sign-on. Says nothing about whether the address has a user. */
  sso: z.boolean(),
  /** False when the organization has turned password sign-in off for the domain. */
  passwordSignIn: z.boolean(),
});
export type SsoLookupResponse = z.infer<typeof ssoLookupResponse>;

/** POST /api/auth/sso/start: where to send the browser (the provider's authorization URL). */
export const ssoStartBody = z.object({ userEmail: email() });
export type SsoStartBody = z.infer<typeof ssoStartBody>;
export const ssoStartResponse = z.object({ message: z.string(), url: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponse>;

/** GET /api/auth/sso/callback: the provider's redirect back (code, state or error). */
export const ssoCallbackQuery = z.record(z.string(), z.unknown());

/** POST /api/auth/sso/complete: the one-time code the callback left in the login URL. */
export const ssoCompleteBody = z.object({
  code: text({ error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(200, { error: msg('invalidValue') }),
});
export type SsoCompleteBody = z.infer<typeof ssoCompleteBody>;
/** POST /api/auth/sso/complete answers as a password sign-in does: loginResponse. */
