import type { mainFi } from './fi';

export const mainSv: typeof mainFi = {
  title: 'Välj applikation',
  noApplications: 'Du har inte åtkomst till någon applikation. Kontakta administratören.',
};
