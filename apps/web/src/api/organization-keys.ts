/** Query keys of the organizations lists; a saved organization invalidates `all`. */
export const organizationsKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationsKeys.all, 'list'] as const,
};
