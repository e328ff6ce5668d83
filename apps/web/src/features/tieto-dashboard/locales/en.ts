import type { tietoDashboardFi } from './fi';

export const tietoDashboardEn: typeof tietoDashboardFi = {
  title: 'Tieto',
  discussions: 'Discussions',
  feedbacks: 'Feedback',
  queries: 'Surveys',
  users: '{{count}} users',
  usersLabel: 'Users',
  targetsTitle: 'Targets',
  noTargets: 'No data available',
  chartLabel:
    '{{name}}: discussions {{discussions}}, feedback {{feedbacks}}, surveys {{queries}}, users {{users}}',
};
