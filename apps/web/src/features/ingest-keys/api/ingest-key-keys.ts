export const ingestKeysKeys = {
  all: ['ingest-keys'] as const,
  rejected: ['rejected-uplinks'] as const,
};
