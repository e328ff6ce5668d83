import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CommentResponse,
  type CreateCommentBody,
  type CreateSubCommentBody,
  commentResponse,
  commentsResponse,
  type ModifyCommentBody,
  type SubCommentResponse,
  subCommentResponse,
  subCommentsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

export const COMMENTS_PAGE_SIZE = 20;
export const SUB_COMMENTS_PAGE_SIZE = 100;

/** GET /api/tieto/discussions-comments: one page (0-based) of a discussion's comments. */
export function useComments(discussionId: string, page: number) {
  return useQuery({
    queryKey: discussionsKeys.commentsPage(discussionId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        discussionId,
        page: String(page + 1),
        pageSize: String(COMMENTS_PAGE_SIZE),
      });
      return apiRequest(`/api/tieto/discussions-comments?${query}`, {
        schema: commentsResponse,
        signal,
      });
    },
    enabled: Boolean(discussionId),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/tieto/discussions-comment-id */
export function useComment(commentId: string) {
  return useQuery({
    queryKey: discussionsKeys.comment(commentId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/discussions-comment-id?${new URLSearchParams({ discussionCommentId: commentId })}`,
        { schema: commentResponse, signal },
      ),
    enabled: Boolean(commentId),
    select: (data) => data.comment,
  });
}

/** GET /api/tieto/discussions-sub-comments: the first 100 replies of a comment, oldest first. */
export function useSubComments(commentId: string, enabled = true) {
  return useQuery({
    queryKey: discussionsKeys.subComments(commentId),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        discussionCommentId: commentId,
        pageSize: String(SUB_COMMENTS_PAGE_SIZE),
      });
      return apiRequest(`/api/tieto/discussions-sub-comments?${query}`, {
        schema: subCommentsResponse,
        signal,
      });
    },
    enabled: enabled && Boolean(commentId),
  });
}

/** Any write to comments: the discussion's comments, counts and replies refetch. */
function useInvalidateDiscussions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all });
}

/** POST /api/tieto/discussion/comment */
export function useCreateComment() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: CreateCommentBody): Promise<CommentResponse> =>
      apiRequest('/api/tieto/discussion/comment', {
        method: 'POST',
        body,
        schema: commentResponse,
      }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/tieto/current-comment-modification */
export function useModifyComment() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: ModifyCommentBody): Promise<CommentResponse> =>
      apiRequest('/api/tieto/current-comment-modification', {
        method: 'PATCH',
        body,
        schema: commentResponse,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/tieto/discussion/sub-comment */
export function useCreateSubComment() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: CreateSubCommentBody): Promise<SubCommentResponse> =>
      apiRequest('/api/tieto/discussion/sub-comment', {
        method: 'POST',
        body,
        schema: subCommentResponse,
      }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/tieto/current-sub-comment-modification */
export function useModifySubComment() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: ModifyCommentBody): Promise<SubCommentResponse> =>
      apiRequest('/api/tieto/current-sub-comment-modification', {
        method: 'PATCH',
        body,
        schema: subCommentResponse,
      }),
    onSuccess: invalidate,
  });
}
