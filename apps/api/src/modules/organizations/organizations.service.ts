import {
  type Application,
  type CreateOrganizationBody,
  can,
  type OrganizationRecord,
  type UpdateOrganizationBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { changedValues, optionalValue } from '../../lib/changed-values.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { organizationScopeOf, requireAdminister } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/auth.service.js';
import {
  countKnownApplications,
  findOrganization,
  insertOrganization,
  listApplications,
  listOrganizations,
  lookupOrganization,
  type OrganizationValues,
  setOrganizationApplications,
  updateOrganization,
} from './organizations.repository.js';

/** The admin area (Hallinta and a role above Käyttäjä), else 403 before anything is read. */

/** Creating and editing organizations: the top administrator in the admin area. */
const requireManageOrganizations = (caller: Caller) => {
  requireAdminister(caller);
  if (!can(caller, { do: 'manageOrganizations' })) throw forbidden();
};

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

export function createOrganizationsService({ db, audit }: { db: Db; audit: AuditService }) {
  /** Every application id must be in the catalogue; duplicates collapse. */
  async function knownApplications(applicationIds: number[]): Promise<number[]> {
    const unique = [...new Set(applicationIds)].sort((a, b) => a - b);
    if ((await countKnownApplications(db, unique)) !== unique.length) {
      throw new AppError(400, 'VALIDATION_FAILED', {
        organizationApplications: 'validation.invalidValue',
      });
    }
    return unique;
  }

  async function read(organizationId: string): Promise<OrganizationRecord> {
    const organization = await findOrganization(db, { organizationId: null }, organizationId);
    if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
    return organization;
  }

  return {
    /** The top administrator: every organization, by name; anyone else: their own. */
    async list(caller: Caller): Promise<OrganizationRecord[]> {
      requireAdminister(caller);
      return listOrganizations(db, organizationScopeOf(caller));
    },

    async create(caller: Caller, body: CreateOrganizationBody): Promise<OrganizationRecord> {
      requireManageOrganizations(caller);
      const applicationIds = await knownApplications(body.organizationApplications);
      const values: OrganizationValues = {
        ...valuesOf(body),
        organizationInformation: body.organizationInformation || null,
        organizationDescription: body.organizationDescription || null,
      };
      const organizationId = await db.transaction(async (tx) => {
        const id = await insertOrganization(tx, values);
        await setOrganizationApplications(tx, id, applicationIds);
        await audit.record(tx, caller, {
          action: 'organization.create',
          entityId: id,
          organizationId: id,
          details: { ...values, organizationApplications: applicationIds },
        });
        return id;
      });
      return read(organizationId);
    },

    /** Replaces the fields and the granted applications; Passiivinen stops its users' sign-in. */
    async update(caller: Caller, body: UpdateOrganizationBody): Promise<OrganizationRecord> {
      requireManageOrganizations(caller);
      const before = await findOrganization(db, organizationScopeOf(caller), body.organizationId);
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
      };
      const changed = changedValues(
        { ...before },
        { ...values, organizationApplications: applicationIds },
      );
      await db.transaction(async (tx) => {
        await updateOrganization(tx, body.organizationId, values);
        await setOrganizationApplications(tx, body.organizationId, applicationIds);
        await audit.record(tx, caller, {
          action: 'organization.update',
          entityId: body.organizationId,
          organizationId: body.organizationId,
          details: changed,
        });
      });
      return read(body.organizationId);
    },

    /** The top administrator: the whole catalogue; anyone else: their organization's. */
    async listApplications(caller: Caller): Promise<Application[]> {
      requireAdminister(caller);
      return listApplications(db, organizationScopeOf(caller).organizationId);
    },

    /** The applications of an organization in scope; another organization's answers 404. */
    async listOrganizationApplications(
      caller: Caller,
      organizationId: string,
    ): Promise<Application[]> {
      requireAdminister(caller);
      if (!(await lookupOrganization(db, organizationScopeOf(caller), organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return listApplications(db, organizationId);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
