/** Query keys of measurements and device types; a saved measurement invalidates both. */
export const measurementKeys = {
  all: ['measurements'] as const,
  list: () => [...measurementKeys.all, 'list'] as const,
  deviceTypes: () => [...measurementKeys.all, 'device-types'] as const,
};
