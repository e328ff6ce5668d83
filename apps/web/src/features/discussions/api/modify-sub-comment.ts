import { useMutation } from '@tanstack/react-query';
import { type ModifyCommentBody, type SubCommentResponse, subCommentResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateDiscussions } from './invalidate-discussions';

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
