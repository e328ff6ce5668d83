/** Query keys of the Tieto dashboard. */
export const tietoDashboardKeys = {
  all: ['tieto-dashboard'] as const,
  organization: (organizationId: string) => [...tietoDashboardKeys.all, organizationId] as const,
};
