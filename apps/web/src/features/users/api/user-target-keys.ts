export const userTargetsKeys = {
  all: ['user-targets'] as const,
  user: (userId: string) => [...userTargetsKeys.all, userId] as const,
};
