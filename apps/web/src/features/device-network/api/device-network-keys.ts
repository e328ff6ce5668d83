export const deviceProfileKeys = {
  all: ['device-network', 'device-profiles'] as const,
};

/** The same key as the device register's list of device types, so both share one cache entry. */
export const deviceTypesKey = ['measurements', 'device-types'] as const;
