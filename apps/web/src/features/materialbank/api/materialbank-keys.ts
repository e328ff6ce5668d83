/** Query keys of the material bank; a saved, added or deleted file invalidates `all`. */
export const materialbankKeys = {
  all: ['materialbank'] as const,
  list: () => [...materialbankKeys.all, 'list'] as const,
  byUser: (appId: number, targetId: string) =>
    [...materialbankKeys.all, 'by-user', appId, targetId] as const,
  counts: () => [...materialbankKeys.all, 'counts'] as const,
  applications: () => [...materialbankKeys.all, 'applications'] as const,
  access: (id: string) => [...materialbankKeys.all, 'access', id] as const,
  versions: (id: string) => [...materialbankKeys.all, 'versions', id] as const,
  /** A stored name's preview never changes (new content gets a new name): not under `all`. */
  preview: (file: string) => ['materialbank-preview', file] as const,
};
