import { ROLES, type RoleCounts, type UserRoleCountsResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { DashboardRepository } from './dashboard.repository.js';

const noUsers = (): RoleCounts => Object.fromEntries(ROLES.map((role) => [role, 0])) as RoleCounts;

/** The admin dashboard's figures. */
export function createDashboardService({
  dashboard,
  organizations,
}: {
  dashboard: DashboardRepository;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
}) {
  return {
    /**
     * Users by role in the organization (the caller's own when left out) and per target of it.
     * Every user counts, Passiivinen ones too: the figures describe who is registered.
     */
    async userRoleCounts(
      caller: Caller,
      organizationId = caller.organizationId,
    ): Promise<Omit<UserRoleCountsResponse, 'message'>> {
      const scope = authorize(caller, { do: 'administer' });
      const organization = await organizations.lookup(scope, organizationId);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const [byRole, byTarget] = await Promise.all([
        dashboard.countUsersByRole(scope, organizationId),
        dashboard.countTargetUsersByRole(scope, organizationId),
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
