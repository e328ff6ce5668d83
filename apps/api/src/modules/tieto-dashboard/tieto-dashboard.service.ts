import type { TietoDashboardResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { DiscussionsRepository } from '../discussions/discussions.repository.js';
import type { TietoDashboardRepository } from './tieto-dashboard.repository.js';

/**
 * The Tieto dashboard (spec 001 §2 Tieto 1): the organization's address and its counts of
 * discussions, feedback, surveys and users, and the same per target (a Käyttäjä: their targets).
 */
export function createTietoDashboardService({
  dashboard,
  discussions,
}: {
  dashboard: TietoDashboardRepository;
  discussions: Pick<DiscussionsRepository, 'countByTarget'>;
}) {
  return {
    async get(
      caller: Caller,
      organizationId = caller.organizationId,
    ): Promise<Omit<TietoDashboardResponse, 'message'>> {
      const scope = authorize(caller, { do: 'openSection', section: 'tieto' });
      const organization = await dashboard.findOrganization(scope, organizationId);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const [counts, perTarget, targets, discussionRows] = await Promise.all([
        dashboard.countOrganization(scope, organizationId),
        dashboard.countPerTarget(scope, organizationId),
        dashboard.listTargets(scope, organizationId),
        discussions.countByTarget(scope, organizationId),
      ]);
      const discussionsByTarget = new Map(
        discussionRows.map((row) => [row.targetId, row.discussions]),
      );
      const discussionTotal = discussionRows.reduce((sum, row) => sum + row.discussions, 0);
      return {
        organization: { ...organization, counts: { ...counts, discussions: discussionTotal } },
        targets: targets.map((target) => ({
          ...target,
          counts: {
            users: perTarget.usersByTarget.get(target.targetId) ?? 0,
            discussions: discussionsByTarget.get(target.targetId) ?? 0,
            feedbacks: perTarget.feedbacksByTarget.get(target.targetId) ?? 0,
            queries: perTarget.queriesByTarget.get(target.targetId) ?? 0,
          },
        })),
      };
    },
  };
}

export type TietoDashboardService = ReturnType<typeof createTietoDashboardService>;
