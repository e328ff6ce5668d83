/** Query keys of devices; a saved device or limit invalidates `all`. */
export const deviceKeys = {
  all: ['devices'] as const,
  admin: () => [...deviceKeys.all, 'admin'] as const,
  userDevices: () => [...deviceKeys.all, 'user-devices'] as const,
  newDevices: () => [...deviceKeys.all, 'new-devices'] as const,
  device: (deviceId: string) => [...deviceKeys.all, 'device', deviceId] as const,
  alarms: (deviceId: string) => [...deviceKeys.all, 'alarms', deviceId] as const,
  followUps: (deviceId: string, days: number) =>
    [...deviceKeys.all, 'follow-ups', deviceId, days] as const,
  series: (deviceId: string, measurementId: string, days: number) =>
    [...deviceKeys.all, 'series', deviceId, measurementId, days] as const,
  limits: (deviceId: string) => [...deviceKeys.all, 'limits', deviceId] as const,
  history: (deviceId: string, kind: 'device' | 'limits') =>
    [...deviceKeys.all, 'history', kind, deviceId] as const,
};
