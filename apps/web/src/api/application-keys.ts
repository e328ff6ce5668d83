/** The applications an organization may be granted: a fixed catalogue. */
export const applicationsKeys = {
  all: ['applications'] as const,
};
