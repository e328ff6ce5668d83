import type { CreateTargetBody, TargetRecord, UpdateTargetBody } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { changedValues, columnValues } from '../../lib/changed-values.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { TargetsRepository, TargetValues } from './targets.repository.js';

const ADMINISTER = { do: 'administer' } as const;
const SIGNED_IN = { do: 'signIn' } as const;

/**
 * A body's fields as the target's columns, in the organization: everything but the organization
 * and the contact users passes through by name.
 */
function valuesOf(
  { targetOrganizationId: _, targetContactUser: __, ...fields }: CreateTargetBody,
  organizationId: string,
  omitted: null | undefined,
): TargetValues {
  return { ...columnValues(fields, omitted), organizationId };
}

/** A target's values as the audit log records them: the wire names of spec 000 §3. */
function auditValues({ organizationId, ...values }: TargetValues, contactUserIds: string[]) {
  return { ...values, targetOrganizationId: organizationId, targetContactUser: contactUserIds };
}

/**
 * Targets: every signed-in user reads the targets their scope sees (a Käyttäjä only the linked
 * ones); the admin area creates and edits them.
 */
export function createTargetsService({
  db,
  targets,
  organizations,
  audit,
}: {
  db: Db;
  targets: TargetsRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  /** Contact users must be users of the organization: anyone else answers USER_NOT_FOUND. */
  async function requireUsersOf(scope: Scope, organizationId: string, userIds: string[]) {
    if (
      (await targets.countUsersOfOrganization(scope, organizationId, userIds)) !== userIds.length
    ) {
      throw notFound('USER_NOT_FOUND');
    }
  }

  async function read(scope: Scope, targetId: string): Promise<TargetRecord> {
    const target = await targets.find(scope, targetId);
    if (!target) throw notFound('TARGET_NOT_FOUND');
    return target;
  }

  return {
    list: (caller: Caller) => targets.list(authorize(caller, SIGNED_IN)),

    listNames: (caller: Caller) => targets.listNames(authorize(caller, SIGNED_IN)),

    /** One target in the caller's scope; anything else answers TARGET_NOT_FOUND. */
    get: (caller: Caller, targetId: string) => read(authorize(caller, SIGNED_IN), targetId),

    /** Several targets at once: every one of them must be in scope. */
    async getMany(caller: Caller, targetIds: string[]): Promise<TargetRecord[]> {
      const unique = [...new Set(targetIds)];
      const found = await targets.list(authorize(caller, SIGNED_IN), { targetIds: unique });
      if (found.length !== unique.length) throw notFound('TARGET_NOT_FOUND');
      return found;
    },

    /** The targets of an organization in the caller's scope (admin area). */
    async listOfOrganization(caller: Caller, organizationId: string): Promise<TargetRecord[]> {
      const scope = authorize(caller, ADMINISTER);
      if (!(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      return targets.list(scope, { organizationId });
    },

    /**
     * Anyone but the top administrator creates in their own organization (naming another one
     * answers 403); the top administrator names it, and it must exist.
     */
    async create(caller: Caller, body: CreateTargetBody): Promise<TargetRecord> {
      const scope = authorize(caller, ADMINISTER);
      const contactUserIds = [...new Set(body.targetContactUser)];
      // Contact users the caller cannot see answer 404 before the organization is judged, so a
      // 403 never concerns someone else's records (ADR 0007).
      if (scope.organizationId !== null) {
        await requireUsersOf(scope, scope.organizationId, contactUserIds);
      }
      const organizationId = homeOrganization(
        scope,
        body.targetOrganizationId,
        'targetOrganizationId',
      );
      if (crossesOrganizations(scope)) {
        if (!(await organizations.lookup(scope, organizationId))) {
          throw notFound('ORGANIZATION_NOT_FOUND');
        }
        await requireUsersOf(scope, organizationId, contactUserIds);
      }
      const values = valuesOf(body, organizationId, null);
      const { entityId } = await audited(scope, async () => {
        const id = await targets.insert(scope, values);
        await targets.setContactUsers(scope, id, contactUserIds);
        return {
          action: 'target.create',
          entityId: id,
          organizationId,
          details: auditValues(values, contactUserIds),
        };
      });
      return read(scope, entityId);
    },

    /**
     * Saves a target in scope and replaces its contact users. Moving it to another organization
     * is the top administrator's (anyone else: 403); the move unlinks the users of the former
     * organization.
     */
    async update(caller: Caller, body: UpdateTargetBody): Promise<TargetRecord> {
      const scope = authorize(caller, ADMINISTER);
      const before = await read(scope, body.targetId);
      const contactUserIds = [...new Set(body.targetContactUser)];
      const organizationId = body.targetOrganizationId ?? before.targetOrganizationId;
      const moved = organizationId !== before.targetOrganizationId;
      if (moved) {
        if (!crossesOrganizations(scope)) throw forbidden();
        if (!(await organizations.lookup(scope, organizationId))) {
          throw notFound('ORGANIZATION_NOT_FOUND');
        }
      }
      await requireUsersOf(scope, organizationId, contactUserIds);
      const { targetId, ...fields } = body;
      const values = valuesOf(fields, organizationId, undefined);
      const changed = changedValues({ ...before }, auditValues(values, contactUserIds));
      await audited(scope, async () => {
        requireWritten(await targets.update(scope, targetId, values), 'TARGET_NOT_FOUND');
        await targets.setContactUsers(scope, targetId, contactUserIds);
        const unlinked = moved
          ? await targets.removeUserLinksOutsideOrganization(scope, targetId)
          : 0;
        return {
          action: 'target.update',
          entityId: targetId,
          organizationId,
          details: {
            ...changed,
            ...(moved && {
              fromOrganizationId: before.targetOrganizationId,
              unlinkedUsers: unlinked,
            }),
          },
        };
      });
      return read(scope, body.targetId);
    },

    /** Clears the target's contact users. */
    async removeContactUsers(caller: Caller, targetId: string): Promise<void> {
      const scope = authorize(caller, ADMINISTER);
      const target = await read(scope, targetId);
      await audited(scope, async () => ({
        action: 'target.contactUsersRemove',
        entityId: targetId,
        organizationId: target.targetOrganizationId,
        details: { targetContactUser: await targets.removeContactUsers(scope, targetId) },
      }));
    },
  };
}

export type TargetsService = ReturnType<typeof createTargetsService>;
