import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TargetResponse, targetResponse, type UpdateTargetBody } from '@vahti/domain';
import { targetsKeys } from '@/api/target-keys';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/target: the target named by targetId. */
export function updateTarget(body: UpdateTargetBody): Promise<TargetResponse> {
  return apiRequest('/api/target', { method: 'PATCH', body, schema: targetResponse });
}

export function useUpdateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKeys.all }),
  });
}
