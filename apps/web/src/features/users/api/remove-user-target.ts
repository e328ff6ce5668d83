import { useMutation } from '@tanstack/react-query';
import { type MessageResponse, messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateLinks } from './invalidate-user-target-links';

/** DELETE /api/user-targets: removes one link, named by its own id. */
export function removeUserTarget(id: string): Promise<MessageResponse> {
  return apiRequest('/api/user-targets', {
    method: 'DELETE',
    body: { id },
    schema: messageResponse,
  });
}

export function useRemoveUserTarget() {
  const invalidate = useInvalidateLinks();
  return useMutation({ mutationFn: removeUserTarget, onSuccess: invalidate });
}
