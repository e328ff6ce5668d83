import type { tietoDashboardFi } from './fi';

export const tietoDashboardSv: typeof tietoDashboardFi = {
  discussions: 'Diskussioner',
  feedbacks: 'Respons',
  queries: 'Enkäter',
  users: '{{count}} användare',
  usersLabel: 'Användare',
  targetsTitle: 'Objekt',
  noTargets: 'Ingen information tillgänglig',
};
