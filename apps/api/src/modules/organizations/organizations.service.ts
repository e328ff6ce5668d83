import type {
  Application,
  CreateOrganizationBody,
  OrganizationRecord,
  UpdateOrganizationBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues, optionalValue } from '../../lib/changed-values.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository, OrganizationValues } from './organizations.repository.js';

const ADMINISTER = { do: 'administer' } as const;
/** Creating and editing organizations: the top administrator, in the admin area. */
const MANAGE = [ADMINISTER, { do: 'manageOrganizations' }] as const;

function valuesOf(
  body: CreateOrganizationBody,
): Omit<OrganizationValues, 'organizationInformation' | 'organizationDescription'> {
  return {
    organizationBusinessId: body.organizationBusinessId,
    organizationContractNumber: body.organizationContractNumber,
    organizationName: body.organizationName,
    organizationAddress: body.organizationAddress,
    organizationZipCode: body.organizationZipCode,
    organizationPostalDistrict: body.organizationPostalDistrict,
    organizationArea: body.organizationArea,
    organizationState: body.organizationState,
  };
}

export function createOrganizationsService({
  db,
  organizations,
  audit,
}: {
  db: Db;
  organizations: OrganizationsRepository;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  /** Every application id must be in the catalogue; duplicates collapse. */
  async function knownApplications(applicationIds: number[]): Promise<number[]> {
    const unique = [...new Set(applicationIds)].sort((a, b) => a - b);
    if ((await organizations.countKnownApplications(unique)) !== unique.length) {
      throw new AppError(400, 'VALIDATION_FAILED', {
        organizationApplications: 'validation.invalidValue',
      });
    }
    return unique;
  }

  return {
    /** The top administrator: every organization, by name; anyone else: their own. */
    list(caller: Caller): Promise<OrganizationRecord[]> {
      return organizations.list(authorize(caller, ADMINISTER));
    },

    async create(caller: Caller, body: CreateOrganizationBody): Promise<OrganizationRecord> {
      const scope = authorize(caller, ...MANAGE);
      const applicationIds = await knownApplications(body.organizationApplications);
      const values: OrganizationValues = {
        ...valuesOf(body),
        organizationInformation: body.organizationInformation || null,
        organizationDescription: body.organizationDescription || null,
        organizationRetentionMonths: body.organizationRetentionMonths ?? null,
      };
      const { entityId: organizationId } = await audited(scope, async () => {
        const id = await organizations.insert(scope, values);
        await organizations.setApplications(scope, id, applicationIds);
        return {
          action: 'organization.create',
          entityId: id,
          organizationId: id,
          details: { ...values, organizationApplications: applicationIds },
        };
      });
      const created = await organizations.find(scope, organizationId);
      if (!created) throw notFound('ORGANIZATION_NOT_FOUND');
      return created;
    },

    /** Replaces the fields and the granted applications; Passiivinen stops its users' sign-in. */
    async update(caller: Caller, body: UpdateOrganizationBody): Promise<OrganizationRecord> {
      const scope = authorize(caller, ...MANAGE);
      const before = await organizations.find(scope, body.organizationId);
      if (!before) throw notFound('ORGANIZATION_NOT_FOUND');
      // Passivating one's own organization would sign the caller out for good.
      if (
        body.organizationId === caller.organizationId &&
        body.organizationState !== 'Aktiivinen'
      ) {
        throw new AppError(400, 'OWN_ACCOUNT_LOCKED', {
          organizationState: 'errors.OWN_ACCOUNT_LOCKED',
        });
      }
      const applicationIds = await knownApplications(body.organizationApplications);
      const values: OrganizationValues = {
        ...valuesOf(body),
        organizationInformation: optionalValue(body.organizationInformation),
        organizationDescription: optionalValue(body.organizationDescription),
        // Clients that do not know the setting (spec 000's form) leave it as it is.
        organizationRetentionMonths:
          body.organizationRetentionMonths === undefined
            ? before.organizationRetentionMonths
            : body.organizationRetentionMonths,
      };
      const changed = changedValues(
        { ...before },
        { ...values, organizationApplications: applicationIds },
      );
      await audited(scope, async () => {
        requireWritten(
          await organizations.update(scope, body.organizationId, values),
          'ORGANIZATION_NOT_FOUND',
        );
        await organizations.setApplications(scope, body.organizationId, applicationIds);
        return {
          action: 'organization.update',
          entityId: body.organizationId,
          organizationId: body.organizationId,
          details: changed,
        };
      });
      const after = await organizations.find(scope, body.organizationId);
      if (!after) throw notFound('ORGANIZATION_NOT_FOUND');
      return after;
    },

    /** The top administrator: the whole catalogue; anyone else: their organization's. */
    listApplications(caller: Caller): Promise<Application[]> {
      return organizations.listApplications(authorize(caller, ADMINISTER));
    },

    /** The applications of an organization in scope; another organization's answers 404. */
    async listOrganizationApplications(
      caller: Caller,
      organizationId: string,
    ): Promise<Application[]> {
      const scope = authorize(caller, ADMINISTER);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return organizations.listApplications(scope, organizationId);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
