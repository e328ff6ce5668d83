import type { tietoDashboardFi } from './fi';

export const tietoDashboardSv: typeof tietoDashboardFi = {
  title: 'Tieto',
  discussions: 'Diskussioner',
  feedbacks: 'Respons',
  queries: 'Enkäter',
  users: '{{count}} användare',
  usersLabel: 'Användare',
  targetsTitle: 'Objekt',
  noTargets: 'Ingen information tillgänglig',
  chartLabel:
    '{{name}}: diskussioner {{discussions}}, respons {{feedbacks}}, enkäter {{queries}}, användare {{users}}',
};
