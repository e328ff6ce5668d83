import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryReminderResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** POST /api/tieto/query-reminder: mail the survey's audience who have not answered. */
export function useRemindAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queryId: string) =>
      apiRequest('/api/tieto/query-reminder', {
        method: 'POST',
        body: { queryId },
        schema: queryReminderResponse,
      }),
    // The survey's last reminder and count are shown beside the button.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.queries() }),
  });
}
