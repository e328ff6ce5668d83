import {
  can,
  formatPermissions,
  type OrganizationSso,
  type OrganizationSsoBody,
  parsePermissions,
  type TestSsoBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { checkOutboundUrl, type OutboundPolicy, OutboundUrlError } from '../../lib/outbound-url.js';
import { authorize, crossesOrganizations, type Scope } from '../../lib/scope.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import { type OidcClient, OidcError } from './oidc-client.js';
import type { SsoRepository, SsoRow } from './sso.repository.js';

/** Hallinta and Ylläpitäjä or above; the own organization, the top administrator's any. */
const MANAGE = [{ do: 'administer' }, { do: 'manageSignIn' }] as const;

const issuerRefused = () =>
  new AppError(400, 'sso.SSO_ISSUER_NOT_ALLOWED', {
    issuerUrl: 'errors.sso.SSO_ISSUER_NOT_ALLOWED',
  });

/**
 * An organization's single sign-on settings (Hallinta → Organisaatio → Kertakirjautuminen): the
 * provider, the e-mail domains it covers, what new users get (never more than the saving
 * administrator has), and whether passwords still work. The client secret is sealed at rest and
 * never answered.
 */
export function createSsoService({
  db,
  sso,
  organizations,
  targets,
  audit,
  secrets,
  oidc,
  policy,
}: {
  db: Db;
  sso: SsoRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
  audit: Pick<AuditService, 'record'>;
  secrets: SecretBox;
  oidc: Pick<OidcClient, 'test' | 'redirectUri'>;
  policy: OutboundPolicy;
}) {
  const audited = auditedChanges({ db, audit });

  const toRecord = (row: SsoRow): OrganizationSso => ({
    organizationId: row.organizationId,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretSealed !== '',
    emailDomains: row.emailDomains,
    userRoles: row.userRoles,
    userPermissions: formatPermissions(row.userPermissions),
    targetIds: row.targetIds,
    passwordSignIn: row.passwordSignIn,
    enabled: row.enabled,
    redirectUri: oidc.redirectUri,
    updatedAt: row.updatedAt.toISOString(),
  });

  /** The scope, once the organization is known to be in it (404 otherwise). */
  async function organizationScope(caller: Caller, organizationId: string): Promise<Scope> {
    const scope = authorize(caller, ...MANAGE);
    if (!(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    return scope;
  }

  /** The issuer may be asked at all: https (or allowed http), no refused IP literal. */
  function requireAllowedIssuer(issuerUrl: string) {
    try {
      checkOutboundUrl(issuerUrl, policy);
    } catch (err) {
      if (err instanceof OutboundUrlError) throw issuerRefused();
      throw err;
    }
  }

  return {
    async get(caller: Caller, organizationId: string) {
      const scope = await organizationScope(caller, organizationId);
      const row = await sso.find(scope, organizationId);
      return { organizationSso: row ? toRecord(row) : null, redirectUri: oidc.redirectUri };
    },

    async save(caller: Caller, body: OrganizationSsoBody): Promise<OrganizationSso> {
      const scope = await organizationScope(caller, body.organizationId);
      // What new users get is never more than the saving administrator has.
      if (!can(caller, { do: 'assignRole', role: body.userRoles })) {
        throw invalid({ userRoles: 'validation.sso.roleTooHigh' });
      }
      const permissions = [...new Set(parsePermissions(body.userPermissions))].sort();
      if (
        !crossesOrganizations(scope) &&
        permissions.some((permission) => !caller.userPermissions.includes(permission))
      ) {
        throw invalid({ userPermissions: 'validation.sso.permissionsTooHigh' });
      }
      const targetIds = [...new Set(body.targetIds)];
      const known = await targets.listIdsOfOrganization(scope, body.organizationId, targetIds);
      if (known.length !== targetIds.length)
        throw invalid({ targetIds: 'validation.sso.targetUnknown' });
      requireAllowedIssuer(body.issuerUrl);
      const existing = await sso.find(scope, body.organizationId);
      const secret = body.clientSecret?.trim();
      if (!secret && !existing) {
        throw invalid({ clientSecret: 'validation.sso.clientSecretRequired' });
      }
      const domains = [...new Set(body.emailDomains)].sort();
      try {
        await audited(scope, async () => {
          await sso.save(
            scope,
            {
              organizationId: body.organizationId,
              issuerUrl: body.issuerUrl,
              clientId: body.clientId,
              clientSecretSealed: secret
                ? secrets.seal(secret)
                : (existing?.clientSecretSealed ?? ''),
              userRoles: body.userRoles,
              userPermissions: permissions,
              targetIds,
              passwordSignIn: body.passwordSignIn,
              enabled: body.enabled,
            },
            domains,
          );
          return {
            action: existing ? 'sso.update' : 'sso.create',
            entityId: body.organizationId,
            organizationId: body.organizationId,
            // The secret is never in the log; only whether it was replaced.
            details: {
              issuerUrl: body.issuerUrl,
              clientId: body.clientId,
              clientSecretReplaced: Boolean(secret),
              emailDomains: domains,
              userRoles: body.userRoles,
              userPermissions: formatPermissions(permissions),
              targetIds,
              passwordSignIn: body.passwordSignIn,
              enabled: body.enabled,
            },
          };
        });
      } catch (err) {
        if (isUniqueViolation(err, 'sso_domains_pkey')) {
          throw invalid({ emailDomains: 'validation.sso.domainTaken' });
        }
        throw err;
      }
      const saved = await sso.find(scope, body.organizationId);
      return toRecord(requireWritten(saved, 'sso.SSO_NOT_CONFIGURED'));
    },

    async remove(caller: Caller, organizationId: string): Promise<void> {
      const scope = await organizationScope(caller, organizationId);
      await audited(scope, async () => {
        requireWritten(await sso.remove(scope, organizationId), 'sso.SSO_NOT_CONFIGURED');
        return { action: 'sso.remove', entityId: organizationId, organizationId };
      });
    },

    /** "Testaa yhteys": reads the issuer's discovery document; the issuer it names, or 400. */
    async test(caller: Caller, body: TestSsoBody): Promise<string> {
      await organizationScope(caller, body.organizationId);
      requireAllowedIssuer(body.issuerUrl);
      try {
        return await oidc.test(body.issuerUrl);
      } catch (err) {
        if (!(err instanceof OidcError)) throw err;
        if (err.failure === 'SSO_ISSUER_NOT_ALLOWED') throw issuerRefused();
        throw new AppError(400, 'sso.SSO_DISCOVERY_FAILED', {
          issuerUrl: 'errors.sso.SSO_DISCOVERY_FAILED',
        });
      }
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
