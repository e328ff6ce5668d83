import { useMutation } from '@tanstack/react-query';
import { type CommentResponse, type CreateCommentBody, commentResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateDiscussions } from './invalidate-discussions';

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
