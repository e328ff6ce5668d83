import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** POST /api/users/:id/second-factor-reset: the lost-device path (Ylläpitäjä and above). */
export function useResetSecondFactor() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/users/${userId}/second-factor-reset`, {
        method: 'POST',
        schema: messageResponse,
      }),
  });
}
