/** Query keys of the targets lists; a saved target invalidates `all`. */
export const targetsKeys = {
  all: ['targets'] as const,
  list: () => [...targetsKeys.all, 'list'] as const,
  names: () => [...targetsKeys.all, 'names'] as const,
  organization: (organizationId: string) =>
    [...targetsKeys.all, 'organization', organizationId] as const,
};
