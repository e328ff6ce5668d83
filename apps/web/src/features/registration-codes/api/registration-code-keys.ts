export const registrationCodesKeys = {
  all: ['registration-codes'] as const,
  list: (organizationId: string | undefined) =>
    [...registrationCodesKeys.all, organizationId ?? 'all'] as const,
};
