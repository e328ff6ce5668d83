import {
  type CreateTargetBody,
  can,
  type TargetRecord,
  type UpdateTargetBody,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { changedValues, optionalValue } from '../../lib/changed-values.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { organizationScopeOf, requireAdminister } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/auth.service.js';
import { lookupOrganization } from '../organizations/organizations.repository.js';
import {
  countUsersOfOrganization,
  findTarget,
  insertTarget,
  listTargetNames,
  listTargets,
  removeContactUsers,
  removeUserLinksOutsideOrganization,
  setContactUsers,
  type TargetScope,
  type TargetValues,
  updateTarget,
} from './targets.repository.js';

/**
 * Reading targets: the top administrator every target, Pääkäyttäjä and Ylläpitäjä their
 * organization's, a Käyttäjä only the targets linked to them.
 */
export const targetScopeOf = (caller: Caller): TargetScope => ({
  ...organizationScopeOf(caller),
  linkedUserId: caller.userRoles === 'Käyttäjä' ? caller.userId : null,
});

function valuesOf(body: CreateTargetBody, organizationId: string) {
  return {
    targetName: body.targetName,
    targetAddress: body.targetAddress,
    targetZipCode: body.targetZipCode,
    targetPostalDistrict: body.targetPostalDistrict,
    organizationId,
    targetType: body.targetType,
    targetPropertyId: body.targetPropertyId,
    targetJobNumber: body.targetJobNumber,
    targetState: body.targetState,
  } satisfies TargetValues;
}

/** A target's values as the audit log records them: the wire names of spec 000 §3. */
function auditValues({ organizationId, ...values }: TargetValues, contactUserIds: string[]) {
  return { ...values, targetOrganizationId: organizationId, targetContactUser: contactUserIds };
}

export function createTargetsService({ db, audit }: { db: Db; audit: AuditService }) {
  /** Contact users must be users of the organization: anyone else answers USER_NOT_FOUND. */
  async function requireUsersOf(organizationId: string, userIds: string[]) {
    if ((await countUsersOfOrganization(db, organizationId, userIds)) !== userIds.length) {
      throw notFound('USER_NOT_FOUND');
    }
  }

  /** The top administrator's choice of organization: it must exist. */
  async function requireOrganization(organizationId: string) {
    if (!(await lookupOrganization(db, { organizationId: null }, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
  }

  async function read(targetId: string): Promise<TargetRecord> {
    const target = await findTarget(db, { organizationId: null, linkedUserId: null }, targetId);
    if (!target) throw notFound('TARGET_NOT_FOUND');
    return target;
  }

  return {
    list: (caller: Caller) => listTargets(db, targetScopeOf(caller)),

    listNames: (caller: Caller) => listTargetNames(db, targetScopeOf(caller)),

    /** One target in the caller's scope; anything else answers TARGET_NOT_FOUND. */
    async get(caller: Caller, targetId: string): Promise<TargetRecord> {
      const target = await findTarget(db, targetScopeOf(caller), targetId);
      if (!target) throw notFound('TARGET_NOT_FOUND');
      return target;
    },

    /** Several targets at once: every one of them must be in scope. */
    async getMany(caller: Caller, targetIds: string[]): Promise<TargetRecord[]> {
      const unique = [...new Set(targetIds)];
      const found = await listTargets(db, targetScopeOf(caller), { targetIds: unique });
      if (found.length !== unique.length) throw notFound('TARGET_NOT_FOUND');
      return found;
    },

    /** The targets of an organization in the caller's scope (admin area). */
    async listOfOrganization(caller: Caller, organizationId: string): Promise<TargetRecord[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      if (!(await lookupOrganization(db, scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return listTargets(db, { ...scope, linkedUserId: null }, { organizationId });
    },

    /**
     * Anyone but the top administrator creates in their own organization (naming another one
     * answers 403); the top administrator names it. Contact users the caller cannot see answer
     * 404 before the organization is judged, so a 403 never concerns someone else's records.
     */
    async create(caller: Caller, body: CreateTargetBody): Promise<TargetRecord> {
      requireAdminister(caller);
      const contactUserIds = [...new Set(body.targetContactUser)];
      let organizationId: string;
      if (can(caller, { do: 'crossOrganizations' })) {
        if (!body.targetOrganizationId) {
          throw new AppError(400, 'VALIDATION_FAILED', {
            targetOrganizationId: 'validation.required',
          });
        }
        organizationId = body.targetOrganizationId;
        await requireOrganization(organizationId);
        await requireUsersOf(organizationId, contactUserIds);
      } else {
        organizationId = caller.organizationId;
        await requireUsersOf(organizationId, contactUserIds);
        if (body.targetOrganizationId && body.targetOrganizationId !== organizationId) {
          throw forbidden();
        }
      }
      const values: TargetValues = {
        ...valuesOf(body, organizationId),
        targetInformation: body.targetInformation || null,
        targetDescription: body.targetDescription || null,
      };
      const targetId = await db.transaction(async (tx) => {
        const id = await insertTarget(tx, values);
        await setContactUsers(tx, id, contactUserIds);
        await audit.record(tx, caller, {
          action: 'target.create',
          entityId: id,
          organizationId,
          details: auditValues(values, contactUserIds),
        });
        return id;
      });
      return read(targetId);
    },

    /**
     * Saves a target in scope and replaces its contact users. Moving it to another organization
     * is the top administrator's (anyone else: 403); the move unlinks the users of the former
     * organization.
     */
    async update(caller: Caller, body: UpdateTargetBody): Promise<TargetRecord> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const before = await findTarget(db, { ...scope, linkedUserId: null }, body.targetId);
      if (!before) throw notFound('TARGET_NOT_FOUND');
      const contactUserIds = [...new Set(body.targetContactUser)];
      const organizationId = body.targetOrganizationId ?? before.targetOrganizationId;
      const moved = organizationId !== before.targetOrganizationId;
      if (scope.organizationId === null) {
        if (moved) await requireOrganization(organizationId);
      } else {
        await requireUsersOf(scope.organizationId, contactUserIds);
        if (moved) throw forbidden();
      }
      await requireUsersOf(organizationId, contactUserIds);
      const values: TargetValues = {
        ...valuesOf(body, organizationId),
        targetInformation: optionalValue(body.targetInformation),
        targetDescription: optionalValue(body.targetDescription),
      };
      const changed = changedValues({ ...before }, auditValues(values, contactUserIds));
      await db.transaction(async (tx) => {
        await updateTarget(tx, body.targetId, values);
        await setContactUsers(tx, body.targetId, contactUserIds);
        const unlinked = moved
          ? await removeUserLinksOutsideOrganization(tx, body.targetId, organizationId)
          : 0;
        await audit.record(tx, caller, {
          action: 'target.update',
          entityId: body.targetId,
          organizationId,
          details: {
            ...changed,
            ...(moved && {
              fromOrganizationId: before.targetOrganizationId,
              unlinkedUsers: unlinked,
            }),
          },
        });
      });
      return read(body.targetId);
    },

    /** Clears the target's contact users. */
    async removeContactUsers(caller: Caller, targetId: string): Promise<void> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const target = await findTarget(db, { ...scope, linkedUserId: null }, targetId);
      if (!target) throw notFound('TARGET_NOT_FOUND');
      await db.transaction(async (tx) => {
        const removed = await removeContactUsers(tx, targetId);
        await audit.record(tx, caller, {
          action: 'target.contactUsersRemove',
          entityId: targetId,
          organizationId: target.targetOrganizationId,
          details: { targetContactUser: removed },
        });
      });
    },
  };
}

export type TargetsService = ReturnType<typeof createTargetsService>;
