import type { tietoDashboardFi } from './fi';

export const tietoDashboardEn: typeof tietoDashboardFi = {
  discussions: 'Discussions',
  feedbacks: 'Feedback',
  queries: 'Surveys',
  users: '{{count}} users',
  usersLabel: 'Users',
  targetsTitle: 'Targets',
  noTargets: 'No data available',
};
