import type { adminDashboardFi } from './fi';

export const adminDashboardEn: typeof adminDashboardFi = {
  intro: 'User counts by role in the organization and per target.',
  noAccess:
    "Viewing user counts requires an administrator role. Contact your organization's administrator.",
};
