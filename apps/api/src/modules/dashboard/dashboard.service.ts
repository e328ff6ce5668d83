import { ROLES, type RoleCounts, type UserRoleCountsResponse } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { organizationScopeOf, requireAdminister } from '../../lib/scope.js';
import type { Caller } from '../auth/auth.service.js';
import { lookupOrganization } from '../organizations/organizations.repository.js';
import { countTargetUsersByRole, countUsersByRole } from './dashboard.repository.js';

const noUsers = (): RoleCounts => Object.fromEntries(ROLES.map((role) => [role, 0])) as RoleCounts;

/** The admin dashboard's figures. */
export function createDashboardService({ db }: { db: Db }) {
  return {
    /**
     * Users by role in the organization (the caller's own when left out) and per target of it.
     * Every user counts, Passiivinen ones too: the figures describe who is registered.
     */
    async userRoleCounts(
      caller: Caller,
      organizationId = caller.organizationId,
    ): Promise<Omit<UserRoleCountsResponse, 'message'>> {
      requireAdminister(caller);
      const scope = organizationScopeOf(caller);
      const organization = await lookupOrganization(db, scope, organizationId);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const [byRole, byTarget] = await Promise.all([
        countUsersByRole(db, scope, organizationId),
        countTargetUsersByRole(db, scope, organizationId),
      ]);
      const roles = noUsers();
      for (const row of byRole) roles[row.role] = row.n;
      const targets = new Map<
        string,
        { targetId: string; targetName: string; roles: RoleCounts }
      >();
      for (const row of byTarget) {
        let target = targets.get(row.targetId);
        if (!target) {
          target = { targetId: row.targetId, targetName: row.targetName, roles: noUsers() };
          targets.set(row.targetId, target);
        }
        if (row.role) target.roles[row.role] = row.n;
      }
      return { organization: { ...organization, roles }, targets: [...targets.values()] };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
