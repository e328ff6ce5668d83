export const notificationKeys = {
  all: ['notifications'] as const,
  own: () => [...notificationKeys.all, 'own'] as const,
  organization: (organizationId: string) =>
    [...notificationKeys.all, 'organization', organizationId] as const,
};
