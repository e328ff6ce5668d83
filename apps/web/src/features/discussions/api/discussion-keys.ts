/** Query keys of discussions; every list and page hangs under `all`. */
export const discussionsKeys = {
  all: ['discussions'] as const,
  byTarget: (targetId: string, openOnly: boolean, search: string, page: number, pageSize: number) =>
    [...discussionsKeys.all, 'target', targetId, openOnly, search, page, pageSize] as const,
  managed: (search: string, page: number, pageSize: number) =>
    [...discussionsKeys.all, 'managed', search, page, pageSize] as const,
  mentionable: (discussionId: string, search: string) =>
    [...discussionsKeys.all, 'mentionable', discussionId, search] as const,
  following: (discussionId: string) => [...discussionsKeys.all, 'following', discussionId] as const,
  one: (discussionId: string) => [...discussionsKeys.all, 'one', discussionId] as const,
  moderators: (organizationId: string) =>
    [...discussionsKeys.all, 'moderators', organizationId] as const,
  comments: (discussionId: string) => [...discussionsKeys.all, 'comments', discussionId] as const,
  commentsPage: (discussionId: string, page: number) =>
    [...discussionsKeys.comments(discussionId), page] as const,
  comment: (commentId: string) => [...discussionsKeys.all, 'comment', commentId] as const,
  subComments: (commentId: string) => [...discussionsKeys.all, 'sub-comments', commentId] as const,
};
