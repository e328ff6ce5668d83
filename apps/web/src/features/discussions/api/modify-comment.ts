import { useMutation } from '@tanstack/react-query';
import { type CommentResponse, commentResponse, type ModifyCommentBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateDiscussions } from './invalidate-discussions';

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
