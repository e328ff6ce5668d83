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
import { AppError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { type OrganizationScope, organizationScopeOf, requireAdminister } from '../../lib/scope.js';
import { setPassword } from '../account/account.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { type Caller, sessionUserOf } from '../auth/auth.service.js';
import { lookupOrganization } from '../organizations/organizations.repository.js';
import {
  emailTaken,
  findUser,
  findUserByEmail,
  insertUser,
  listLinkedTargetIds,
  listUsers,
  removeTargetsOutsideOrganization,
  type UserRow,
  type UserValues,
  updateUser,
} from './users.repository.js';

const emailTakenError = () => new AppError(409, 'EMAIL_TAKEN', { userEmail: 'errors.EMAIL_TAKEN' });

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
/** What a user may not change on their own record here. */
const OWN_LOCKED_FIELDS = ['userRoles', 'userState', 'userOrganization'] as const;

export function createUsersService({ db, audit }: { db: Db; audit: AuditService }) {
  /**
   * The organization a body names. Left out: the caller's own, except that the top
   * administrator must choose. Another organization than the own: 403 unless the caller crosses
   * organizations; then it must exist.
   */
  async function organizationFor(caller: Caller, named: string | undefined): Promise<string> {
    if (named === undefined) {
      if (can(caller, { do: 'crossOrganizations' })) {
        throw new AppError(400, 'VALIDATION_FAILED', { userOrganization: 'validation.required' });
      }
      return caller.organizationId;
    }
    if (!can(caller, { do: 'accessOrganization', organizationId: named })) throw forbidden();
    if (!(await lookupOrganization(db, organizationScopeOf(caller), named))) {
      throw notFound('ORGANIZATION_NOT_FOUND');
    }
    return named;
  }

  async function getRecord(scope: OrganizationScope, userId: string): Promise<UserRecord> {
    const [row, links] = await Promise.all([
      findUser(db, scope, userId),
      listLinkedTargetIds(db, scope, { userId }),
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
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const [rows, links] = await Promise.all([
        listUsers(db, scope),
        listLinkedTargetIds(db, scope),
      ]);
      return toUserRecords(rows, links);
    },

    /** The users of one organization; another organization than the own is 404 unless top. */
    async listOfOrganization(caller: Caller, organizationId: string): Promise<UserRecord[]> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      if (!(await lookupOrganization(db, scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      const [rows, links] = await Promise.all([
        listUsers(db, scope, { organizationId }),
        listLinkedTargetIds(db, scope, { organizationId }),
      ]);
      return toUserRecords(rows, links);
    },

    async get(caller: Caller, userId: string): Promise<UserRecord> {
      requireAdminister(caller);
      return getRecord(organizationScopeOf(caller), userId);
    },

    /** An administrator creates a user, in the own organization unless top administrator. */
    async create(caller: Caller, body: CreateUserBody): Promise<UserRecord> {
      requireAdminister(caller);
      const organizationId = await organizationFor(caller, body.userOrganization);
      if (!can(caller, { do: 'assignRole', role: body.userRoles })) throw forbidden();
      const passwordHash = await hashPassword(body.userPassword);
      const values = valuesOf(body, organizationId);
      const userId = await withUniqueEmail(() =>
        db.transaction(async (tx) => {
          if (await emailTaken(tx, values.userEmail)) throw emailTakenError();
          const id = await insertUser(tx, {
            ...values,
            userInformation: values.userInformation ?? null,
            userDescription: values.userDescription ?? null,
            passwordHash,
          });
          await audit.record(tx, caller, {
            action: 'user.create',
            entityId: id,
            organizationId,
            details: { ...values, userPermissions: formatPermissions(values.userPermissions) },
          });
          return id;
        }),
      );
      return getRecord(organizationScopeOf(caller), userId);
    },

    /**
     * An administrator edits a user. Role, state, permission and organization changes revoke the
     * user's tokens at once; a move to another organization drops the links to the old one's
     * targets. Nobody changes their own role, state or organization here.
     */
    async update(caller: Caller, body: UpdateUserBody): Promise<UserRecord> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const subject = await findUser(db, scope, body.uuid);
      if (!subject) throw notFound('USER_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
      const organizationId = body.userOrganization ?? subject.userOrganization;
      if (!can(caller, { do: 'accessOrganization', organizationId })) throw forbidden();
      if (
        organizationId !== subject.userOrganization &&
        !(await lookupOrganization(db, scope, organizationId))
      ) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }

      const values = valuesOf(body, organizationId);
      const changes = changedFields(subject, values);
      if (subject.userId === caller.userId) {
        const locked = OWN_LOCKED_FIELDS.filter((field) => field in changes);
        if (locked.length > 0) {
          throw new AppError(
            400,
            'OWN_ACCOUNT_LOCKED',
            Object.fromEntries(locked.map((field) => [field, 'errors.OWN_ACCOUNT_LOCKED'])),
          );
        }
      }
      if (!can(caller, { do: 'assignRole', role: body.userRoles })) throw forbidden();

      if (Object.keys(changes).length > 0) {
        await withUniqueEmail(() =>
          db.transaction(async (tx) => {
            if (
              'userEmail' in changes &&
              (await emailTaken(tx, values.userEmail, subject.userId))
            ) {
              throw emailTakenError();
            }
            await updateUser(tx, subject.userId, values, {
              revokeTokens: ACCESS_FIELDS.some((field) => field in changes),
            });
            const removedTargetIds =
              'userOrganization' in changes
                ? await removeTargetsOutsideOrganization(tx, subject.userId, organizationId)
                : undefined;
            const entry = { entityId: subject.userId, organizationId };
            await audit.record(tx, caller, {
              ...entry,
              action: 'user.update',
              details: { ...changes, ...(removedTargetIds && { removedTargetIds }) },
            });
            if ('userRoles' in changes) {
              await audit.record(tx, caller, {
                ...entry,
                action: 'user.role',
                details: { from: subject.userRoles, to: values.userRoles },
              });
            }
            if ('userState' in changes) {
              await audit.record(tx, caller, {
                ...entry,
                action: 'user.state',
                details: { from: subject.userState, to: values.userState },
              });
            }
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
      requireAdminister(caller);
      const subject = await findUserByEmail(db, organizationScopeOf(caller), body.userEmail);
      if (!subject) throw notFound('USER_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: subject.userRoles })) throw forbidden();
      const passwordHash = await hashPassword(body.userPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, subject.userId, passwordHash);
        await audit.record(tx, caller, {
          action: 'user.password',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
          details: { userEmail: subject.userEmail },
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
