import type { TietoDashboardResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { TietoDashboardRepository } from './tieto-dashboard.repository.js';

/**
 * The discussion counts the dashboard shows: the organization's total and one per target the
 * scope sees. Provided by the discussions module (another branch), so the dashboard does not
 * depend on its tables.
 */
export type DiscussionCounts = (
  scope: Scope,
  organizationId: string,
) => Promise<{ total: number; byTarget: Map<string, number> }>;

/** Until the discussions module is merged: no discussions anywhere. */
export const noDiscussionCounts: DiscussionCounts = async () => ({ total: 0, byTarget: new Map() });

/**
 * The Tieto dashboard (spec 001 §2 Tieto 1): the organization's address and its counts of
 * discussions, feedback, surveys and users, and the same per target (a Käyttäjä: their targets).
 */
export function createTietoDashboardService({
  dashboard,
  discussionCounts,
}: {
  dashboard: TietoDashboardRepository;
  discussionCounts: DiscussionCounts;
}) {
  return {
    async get(
      caller: Caller,
      organizationId = caller.organizationId,
    ): Promise<Omit<TietoDashboardResponse, 'message'>> {
      const scope = authorize(caller, { do: 'openSection', section: 'tieto' });
      const organization = await dashboard.findOrganization(scope, organizationId);
      if (!organization) throw notFound('ORGANIZATION_NOT_FOUND');
      const [counts, perTarget, targets, discussions] = await Promise.all([
        dashboard.countOrganization(scope, organizationId),
        dashboard.countPerTarget(scope, organizationId),
        dashboard.listTargets(scope, organizationId),
        discussionCounts(scope, organizationId),
      ]);
      return {
        organization: { ...organization, counts: { ...counts, discussions: discussions.total } },
        targets: targets.map((target) => ({
          ...target,
          counts: {
            users: perTarget.usersByTarget.get(target.targetId) ?? 0,
            discussions: discussions.byTarget.get(target.targetId) ?? 0,
            feedbacks: perTarget.feedbacksByTarget.get(target.targetId) ?? 0,
            queries: perTarget.queriesByTarget.get(target.targetId) ?? 0,
          },
        })),
      };
    },
  };
}

export type TietoDashboardService = ReturnType<typeof createTietoDashboardService>;
