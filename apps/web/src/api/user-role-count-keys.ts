/** Read by the admin dashboard; user and link changes invalidate `all`. */
export const userRoleCountsKeys = {
  all: ['user-role-counts'] as const,
  organization: (organizationId: string | null) =>
    [...userRoleCountsKeys.all, organizationId ?? 'own'] as const,
};
