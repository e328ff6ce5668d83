import { useMutation } from '@tanstack/react-query';
import {
  type CreateSubCommentBody,
  type SubCommentResponse,
  subCommentResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateDiscussions } from './invalidate-discussions';

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
