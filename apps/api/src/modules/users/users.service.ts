import {
  type ChangeUserPasswordBody,
  type CreateUserBody,
  can,
  formatPermissions,
  parsePermissions,
  type UpdateUserBody,
  type UserRecord,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import { sessionUserOf } from '../../lib/session-user.js';
import type { ResetLinksRepository } from '../account/account.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges, requireWritten } from '../audit/audited.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { UserRow, UsersRepository, UserValues } from './users.repository.js';

const ADMINISTER = { do: 'administer' } as const;

const emailTakenError = () => new AppError(409, 'EMAIL_TAKEN', { userEmail: 'errors.EMAIL_TAKEN' });
/** The address is a user's of an organization the caller does not see: which one is not said. */
const emailUnavailableError = () =>
  new AppError(409, 'EMAIL_UNAVAILABLE', { userEmail: 'errors.EMAIL_UNAVAILABLE' });

/** Runs the write; a concurrent insert of the same address loses on the unique index: 409. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_idx')) throw emailTakenError();
    throw err;
  }
}

function toUserRecord(row: UserRow, targetIds: string[]): UserRecord {
  return {
    ...sessionUserOf(row, targetIds),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Users with their target links: two queries, however many users there are. */
function toUserRecords(
  rows: UserRow[],
  links: Array<{ userId: string; targetId: string }>,
): UserRecord[] {
  const targetsOf = new Map<string, string[]>();
  for (const link of links) {
    const list = targetsOf.get(link.userId);
    if (list) list.push(link.targetId);
    else targetsOf.set(link.userId, [link.targetId]);
  }
  return rows.map((row) => toUserRecord(row, targetsOf.get(row.userId) ?? []));
}

/** The stored values of a create or edit body. */
function valuesOf(
  body: CreateUserBody | UpdateUserBody,
  organizationId: string,
): Omit<UserValues, 'userInformation' | 'userDescription'> &
  Partial<Pick<UserValues, 'userInformation' | 'userDescription'>> {
  return {
    userEmail: body.userEmail,
    userFirstName: body.userFirstName,
    userLastName: body.userLastName,
    userPhoneNumber: body.userPhoneNumber,
    userJobTitle: body.userJobTitle,
    userRoles: body.userRoles,
    userState: body.userState,
    organizationId,
    userPermissions: parsePermissions(body.userPermissions),
    // Omitted keeps (on an edit), null or '' clears.
    ...(body.userInformation !== undefined && { userInformation: body.userInformation || null }),
    ...(body.userDescription !== undefined && { userDescription: body.userDescription || null }),
  };
}

/** The fields whose value the edit changes, with their new values (permissions as on the wire). */
function changedFields(before: UserRow, after: Partial<UserValues>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after) as [keyof UserValues, unknown][]) {
    if (key === 'userPermissions') {
      const wire = formatPermissions(value as number[]);
      if (wire !== formatPermissions(before.userPermissions)) changes[key] = wire;
    } else {
      // The stored organizationId is userOrganization on the wire and in the audit log.
      const field = key === 'organizationId' ? 'userOrganization' : key;
      if (value !== before[field]) changes[field] = value;
    }
  }
  return changes;
}

/** Changing any of these lowers or shifts what the user may reach: their tokens are revoked. */
const ACCESS_FIELDS = ['userRoles', 'userState', 'userPermissions', 'userOrganization'] as const;
/**
 * What a user may not change on their own record here, with the text each field shows: nobody
 * raises their own access, and the own e-mail is read-only (spec 000 §5).
 */
const OWN_LOCKED_FIELDS = {
  userRoles: 'errors.OWN_ACCOUNT_LOCKED',
  userState: 'errors.OWN_ACCOUNT_LOCKED',
  userOrganization: 'errors.OWN_ACCOUNT_LOCKED',
  userPermissions: 'validation.ownPermissionsLocked',
  userEmail: 'validation.ownEmailLocked',
} as const;

export function createUsersService({
  db,
  users,
  organizations,
  resetLinks,
  audit,
}: {
  db: Db;
  users: UsersRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  resetLinks: Pick<ResetLinksRepository, 'removeOfUser'>;
  audit: AuditService;
}) {
  const audited = auditedChanges({ db, audit });

  /** The organization must exist and be in scope; else ORGANIZATION_NOT_FOUND. */
  async function requireOrganization(scope: Scope, organizationId: string) {
    if (!(await organizations.lookup(scope, organizationId))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
  }

  /**
   * 409 when another user has the address. Addresses are unique across organizations, so the
   * refusal itself cannot hide that the address is in use; what it withholds is where: for an
   * address outside the caller's scope the answer is EMAIL_UNAVAILABLE, which names no
   * organization or user, and the attempt goes to the audit log for the top administrator.
   * Runs outside the write's transaction, so the audit entry stays when the write is refused.
   */
  async function refuseTakenEmail(
    scope: Scope,
    email: string,
    subjectId: string | null,
  ): Promise<void> {
    if (!(await users.emailTaken(scope, email, subjectId ?? undefined))) return;
    if (crossesOrganizations(scope) || (await users.findByEmail(scope, email))) {
      throw emailTakenError();
    }
    await audit.record(scope, {
      action: 'user.emailUnavailable',
      entityId: subjectId,
      organizationId: scope.organizationId,
      details: { userEmail: email },
    });
    throw emailUnavailableError();
  }

  async function getRecord(scope: Scope, userId: string): Promise<UserRecord> {
    const [row, links] = await Promise.all([
      users.find(scope, userId),
      users.listLinkedTargetIds(scope, { userId }),
    ]);
    if (!row) throw notFound('USER_NOT_FOUND');
    return toUserRecord(
      row,
      links.map((link) => link.targetId),
    );
  }

  return {
    /** Every user the caller may see, by last name and first name. */
    async list(caller: Caller): Promise<UserRecord[]> {
      const scope = authorize(caller, ADMINISTER);
      const [rows, links] = await Promise.all([
        users.list(scope),
        users.listLinkedTargetIds(scope),
      ]);
      return toUserRecords(rows, links);
    },

    /** The users of one organization; another organization than the own is 404 unless top. */
    async listOfOrganization(caller: Caller, organizationId: string): Promise<UserRecord[]> {
      const scope = authorize(caller, ADMINISTER);
      await requireOrganization(scope, organizationId);
      const [rows, links] = await Promise.all([
        users.list(scope, { organizationId }),
        users.listLinkedTargetIds(scope, { organizationId }),
      ]);
      return toUserRecords(rows, links);
    },

    get: (caller: Caller, userId: string) => getRecord(authorize(caller, ADMINISTER), userId),

    /** An administrator creates a user, in the own organization unless top administrator. */
    async create(caller: Caller, body: CreateUserBody): Promise<UserRecord> {
      const scope = authorize(caller, ADMINISTER);
      const organizationId = homeOrganization(scope, body.userOrganization, 'userOrganization');
      // The caller's own organization exists: only the top administrator's choice is looked up.
      if (crossesOrganizations(scope)) await requireOrganization(scope, organizationId);
      if (!can(caller, { do: 'assignRole', role: body.userRoles })) throw forbidden();
      const passwordHash = await hashPassword(body.userPassword);
      const values = valuesOf(body, organizationId);
      await refuseTakenEmail(scope, values.userEmail, null);
      const { entityId: userId } = await withUniqueEmail(() =>
        audited(scope, async () => {
          const id = await users.insert(scope, {
            ...values,
            userInformation: values.userInformation ?? null,
            userDescription: values.userDescription ?? null,
            passwordHash,
          });
          const { organizationId: _, ...details } = values;
          return {
            action: 'user.create',
            entityId: id,
            organizationId,
            details: {
              ...details,
              userOrganization: organizationId,
              userPermissions: formatPermissions(values.userPermissions),
            },
          };
        }),
      );
      return getRecord(scope, userId);
    },

    /**
     * An administrator edits a user. Role, state, permission and organization changes revoke the
     * user's tokens at once; a move to another organization drops the links to the old one's
     * targets. Nobody changes their own role, state, organization, permissions or e-mail here.
     */
    async update(caller: Caller, body: UpdateUserBody): Promise<UserRecord> {
      const scope = authorize(caller, ADMINISTER);
      const subject = await users.find(scope, body.uuid);
      if (!subject) throw notFound('USER_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
      const organizationId = body.userOrganization ?? subject.userOrganization;
      if (organizationId !== subject.userOrganization) {
        homeOrganization(scope, organizationId, 'userOrganization');
        await requireOrganization(scope, organizationId);
      }

      const values = valuesOf(body, organizationId);
      const changes = changedFields(subject, values);
      if (subject.userId === caller.userId) {
        const locked = Object.entries(OWN_LOCKED_FIELDS).filter(([field]) => field in changes);
        if (locked.length > 0)
          throw new AppError(400, 'OWN_ACCOUNT_LOCKED', Object.fromEntries(locked));
      }
      if (!can(caller, { do: 'assignRole', role: body.userRoles })) throw forbidden();
      if ('userEmail' in changes) await refuseTakenEmail(scope, values.userEmail, subject.userId);

      if (Object.keys(changes).length > 0) {
        await withUniqueEmail(() =>
          audited(scope, async () => {
            requireWritten(
              await users.update(scope, subject.userId, values, {
                revokeTokens: ACCESS_FIELDS.some((field) => field in changes),
              }),
              'USER_NOT_FOUND',
            );
            // A reset link went to the old address: it must not outlive the change.
            if ('userEmail' in changes) await resetLinks.removeOfUser(scope, subject.userId);
            const removedTargetIds =
              'userOrganization' in changes
                ? await users.removeTargetsOutsideOrganization(scope, subject.userId)
                : undefined;
            const entry = { entityId: subject.userId, organizationId };
            return [
              {
                ...entry,
                action: 'user.update',
                details: { ...changes, ...(removedTargetIds && { removedTargetIds }) },
              },
              ...('userRoles' in changes
                ? [
                    {
                      ...entry,
                      action: 'user.role',
                      details: { from: subject.userRoles, to: values.userRoles },
                    },
                  ]
                : []),
              ...('userState' in changes
                ? [
                    {
                      ...entry,
                      action: 'user.state',
                      details: { from: subject.userState, to: values.userState },
                    },
                  ]
                : []),
            ];
          }),
        );
      }
      return getRecord(scope, subject.userId);
    },

    /**
     * An administrator sets the password of a user named by e-mail; every session of that user
     * ends.
     */
    async changePassword(caller: Caller, body: ChangeUserPasswordBody): Promise<void> {
      const scope = authorize(caller, ADMINISTER);
      const subject = await users.findByEmail(scope, body.userEmail);
      if (!subject) throw notFound('USER_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
      const passwordHash = await hashPassword(body.userPassword);
      await audited(scope, async () => {
        requireWritten(
          await users.setPassword(scope, subject.userId, passwordHash),
          'USER_NOT_FOUND',
        );
        await resetLinks.removeOfUser(scope, subject.userId);
        return {
          action: 'user.password',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { userEmail: subject.userEmail },
        };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
