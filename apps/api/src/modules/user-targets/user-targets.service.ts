import {
  type AddUserTargetsBody,
  can,
  type UpdateUserTargetsBody,
  type UserSummary,
  type UserTarget,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { authorize, homeOrganization, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UserTargetsRepository } from './user-targets.repository.js';

const ADMINISTER = { do: 'administer' } as const;

/** Which targets each user is linked to (spec 000 §7, user-target links). */
export function createUserTargetsService({
  db,
  links,
  users,
  targets,
  audit,
}: {
  db: Db;
  links: UserTargetsRepository;
  users: Pick<UsersRepository, 'find'>;
  targets: Pick<TargetsRepository, 'listIdsOfOrganization'>;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  /** The user, if in the caller's scope (else 404); `manage` also needs a role the caller manages. */
  async function subjectOf(caller: Caller, scope: Scope, userId: string, manage: boolean) {
    const subject = await users.find(scope, userId);
    if (!subject) throw notFound('USER_NOT_FOUND');
    if (manage && !can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
    return subject;
  }

  /** Every id must be a target of the user's organization that the caller sees, else 404. */
  async function requireTargets(
    scope: Scope,
    organizationId: string,
    targetIds: string[],
  ): Promise<void> {
    const known = await targets.listIdsOfOrganization(scope, organizationId, targetIds);
    if (known.length !== targetIds.length) throw notFound('TARGET_NOT_FOUND');
  }

  return {
    async list(caller: Caller, userId: string): Promise<UserTarget[]> {
      const scope = authorize(caller, ADMINISTER);
      await subjectOf(caller, scope, userId, false);
      return links.listLinksOfUser(scope, userId);
    },

    /** Links the user to more targets; links the user already has are kept. */
    async add(caller: Caller, body: AddUserTargetsBody): Promise<UserTarget[]> {
      const scope = authorize(caller, ADMINISTER);
      if (body.organization !== undefined)
        homeOrganization(scope, body.organization, 'organization');
      const subject = await subjectOf(caller, scope, body.userId, true);
      if (body.organization !== undefined && body.organization !== subject.userOrganization) {
        throw new AppError(400, 'VALIDATION_FAILED', { organization: 'validation.invalidValue' });
      }
      const targetIds = [...new Set(body.targetId)];
      await audited(scope, async () => {
        await requireTargets(scope, subject.userOrganization, targetIds);
        const added = await links.insertLinks(scope, subject.userId, targetIds);
        if (added.length === 0) return;
        return {
          action: 'userTargets.add',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { targetIds: added },
        };
      });
      return links.listLinksOfUser(scope, subject.userId);
    },

    /** The user's links become exactly these targets (an empty list removes every link). */
    async replace(caller: Caller, body: UpdateUserTargetsBody): Promise<UserTarget[]> {
      const scope = authorize(caller, ADMINISTER);
      const subject = await subjectOf(caller, scope, body.userId, true);
      const targetIds = [...new Set(body.targetId)];
      await audited(scope, async () => {
        await requireTargets(scope, subject.userOrganization, targetIds);
        const removed = await links.removeLinksExcept(scope, subject.userId, targetIds);
        const added = await links.insertLinks(scope, subject.userId, targetIds);
        if (added.length === 0 && removed.length === 0) return;
        return {
          action: 'userTargets.update',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { targetIds, added, removed },
        };
      });
      return links.listLinksOfUser(scope, subject.userId);
    },

    /** Removes one link, by the link's id. */
    async remove(caller: Caller, linkId: string): Promise<void> {
      const scope = authorize(caller, ADMINISTER);
      const link = await links.findLink(scope, linkId);
      if (!link) throw notFound('USER_TARGET_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: link.userRoles })) throw forbidden();
      await audited(scope, async () => {
        requireWritten(await links.removeLink(scope, link.id), 'USER_TARGET_NOT_FOUND');
        return {
          action: 'userTargets.remove',
          entityId: link.userId,
          organizationId: link.organizationId,
          details: { linkId: link.id, targetIds: [link.targetId] },
        };
      });
    },

    /** The users linked to a target. */
    async usersOfTarget(caller: Caller, targetId: string): Promise<UserSummary[]> {
      const scope = authorize(caller, ADMINISTER);
      if (!(await links.findTarget(scope, targetId))) throw notFound('TARGET_NOT_FOUND');
      return links.listUsersOfTarget(scope, targetId);
    },

    /** The users who share a target with the user (the caller when left out). */
    async usersSharingTargets(caller: Caller, userId = caller.userId): Promise<UserSummary[]> {
      const scope = authorize(caller, ADMINISTER);
      await subjectOf(caller, scope, userId, false);
      return links.listUsersSharingTargets(scope, userId);
    },
  };
}

export type UserTargetsService = ReturnType<typeof createUserTargetsService>;
