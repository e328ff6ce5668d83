/**
 * Query keys of the alarms feature. `alarmKeys.all` covers the list, the badge's active alarms
 * and the by-organization list; an `alarm.changed` event invalidates it.
 */
export const alarmKeys = {
  all: ['alarms'] as const,
  list: (query: string) => [...alarmKeys.all, 'list', query] as const,
  active: () => [...alarmKeys.all, 'active'] as const,
};
