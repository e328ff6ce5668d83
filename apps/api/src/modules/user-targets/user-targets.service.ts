import {
  type AddUserTargetsBody,
  can,
  type UpdateUserTargetsBody,
  type UserSummary,
  type UserTarget,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { type OrganizationScope, organizationScopeOf, requireAdminister } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/auth.service.js';
import { findUser } from '../users/users.repository.js';
import {
  findLink,
  findTarget,
  insertLinks,
  listKnownTargetIds,
  listLinksOfUser,
  listUsersOfTarget,
  listUsersSharingTargets,
  removeLink,
  removeLinksExcept,
} from './user-targets.repository.js';

/** Which targets each user is linked to (spec 000 §7, user-target links). */
export function createUserTargetsService({ db, audit }: { db: Db; audit: AuditService }) {
  /** The user, if in the caller's scope (else 404); `manage` also needs a role the caller manages. */
  async function subjectOf(
    caller: Caller,
    scope: OrganizationScope,
    userId: string,
    manage: boolean,
  ) {
    const subject = await findUser(db, scope, userId);
    if (!subject) throw notFound('USER_NOT_FOUND');
    if (manage && !can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
    return subject;
  }

  /** Every id must be a target of the user's organization that the caller sees, else 404. */
  async function requireTargets(
    dbOrTx: Db,
    scope: OrganizationScope,
    organizationId: string,
    targetIds: string[],
  ): Promise<void> {
    const known = await listKnownTargetIds(dbOrTx, scope, organizationId, targetIds);
    if (known.length !== targetIds.length) throw notFound('TARGET_NOT_FOUND');
  }

  return {
    async list(caller: Caller, userId: string): Promise<UserTarget[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      await subjectOf(caller, scope, userId, false);
      return listLinksOfUser(db, scope, userId);
    },

    /** Links the user to more targets; links the user already has are kept. */
    async add(caller: Caller, body: AddUserTargetsBody): Promise<UserTarget[]> {
      requireAdminister(caller);
      if (
        body.organization !== undefined &&
        !can(caller, { do: 'accessOrganization', organizationId: body.organization })
      ) {
        throw forbidden();
      }
      const scope = organizationScopeOf(caller);
      const subject = await subjectOf(caller, scope, body.userId, true);
      if (body.organization !== undefined && body.organization !== subject.userOrganization) {
        throw new AppError(400, 'VALIDATION_FAILED', { organization: 'validation.invalidValue' });
      }
      const targetIds = [...new Set(body.targetId)];
      await db.transaction(async (tx) => {
        await requireTargets(tx, scope, subject.userOrganization, targetIds);
        const added = await insertLinks(tx, subject.userId, targetIds);
        if (added.length === 0) return;
        await audit.record(tx, caller, {
          action: 'userTargets.add',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { targetIds: added },
        });
      });
      return listLinksOfUser(db, scope, subject.userId);
    },

    /** The user's links become exactly these targets (an empty list removes every link). */
    async replace(caller: Caller, body: UpdateUserTargetsBody): Promise<UserTarget[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const subject = await subjectOf(caller, scope, body.userId, true);
      const targetIds = [...new Set(body.targetId)];
      await db.transaction(async (tx) => {
        await requireTargets(tx, scope, subject.userOrganization, targetIds);
        const removed = await removeLinksExcept(tx, subject.userId, targetIds);
        const added = await insertLinks(tx, subject.userId, targetIds);
        if (added.length === 0 && removed.length === 0) return;
        await audit.record(tx, caller, {
          action: 'userTargets.update',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { targetIds, added, removed },
        });
      });
      return listLinksOfUser(db, scope, subject.userId);
    },

    /** Removes one link, by the link's id. */
    async remove(caller: Caller, linkId: string): Promise<void> {
      requireAdminister(caller);
      const link = await findLink(db, organizationScopeOf(caller), linkId);
      if (!link) throw notFound('USER_TARGET_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: link.userRoles })) throw forbidden();
      await db.transaction(async (tx) => {
        await removeLink(tx, link.id);
        await audit.record(tx, caller, {
          action: 'userTargets.remove',
          entityId: link.userId,
          organizationId: link.organizationId,
          details: { linkId: link.id, targetIds: [link.targetId] },
        });
      });
    },

    /** The users linked to a target. */
    async usersOfTarget(caller: Caller, targetId: string): Promise<UserSummary[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      if (!(await findTarget(db, scope, targetId))) throw notFound('TARGET_NOT_FOUND');
      return listUsersOfTarget(db, scope, targetId);
    },

    /** The users who share a target with the user (the caller when left out). */
    async usersSharingTargets(caller: Caller, userId = caller.userId): Promise<UserSummary[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      await subjectOf(caller, scope, userId, false);
      return listUsersSharingTargets(db, scope, userId);
    },
  };
}

export type UserTargetsService = ReturnType<typeof createUserTargetsService>;
