import type { mainFi } from './fi';

export const mainEn: typeof mainFi = {
  title: 'Choose an application',
  noApplications: 'You have no access to any application. Contact your administrator.',
};
