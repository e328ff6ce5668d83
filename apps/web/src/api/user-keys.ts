/** Query keys of the users lists; a saved or new user invalidates `all`. */
export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  organization: (organizationId: string) =>
    [...usersKeys.all, 'organization', organizationId] as const,
};
