export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => [...reportScheduleKeys.all, 'list'] as const,
  recipients: (organizationId: string, targetId: string | null) =>
    [...reportScheduleKeys.all, 'recipients', organizationId, targetId ?? 'all'] as const,
};
