import type { adminDashboardFi } from './fi';

export const adminDashboardSv: typeof adminDashboardFi = {
  intro: 'Antal användare per roll i organisationen och per objekt.',
  noAccess:
    'Att se antal användare kräver en administratörsroll. Kontakta din organisations administratör.',
};
