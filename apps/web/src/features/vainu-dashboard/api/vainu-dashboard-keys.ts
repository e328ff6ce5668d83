/** Query keys of the Vainu dashboard; `alarm.changed` events invalidate `all`. */
export const vainuDashboardKeys = {
  all: ['vainu-dashboard'] as const,
  organization: (organizationId: string | null) =>
    [...vainuDashboardKeys.all, organizationId ?? 'own'] as const,
};
