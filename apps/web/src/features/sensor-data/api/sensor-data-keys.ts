/** Query keys of the measurement data screens; readings only ever grow, so nothing invalidates. */
export const sensorDataKeys = {
  all: ['sensor-data'] as const,
  target: (targetId: string) => [...sensorDataKeys.all, 'target', targetId] as const,
  measurements: (tid: string) => [...sensorDataKeys.all, 'measurements', tid] as const,
  summary: (search: string) => [...sensorDataKeys.all, 'summary', search] as const,
  series: (deviceId: string, search: string) =>
    [...sensorDataKeys.all, 'series', deviceId, search] as const,
};
