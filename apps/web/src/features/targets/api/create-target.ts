import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTargetBody, type TargetResponse, targetResponse } from '@vahti/domain';
import { targetsKeys } from '@/api/target-keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/target: 201 with the new target. */
export function createTarget(body: CreateTargetBody): Promise<TargetResponse> {
  return apiRequest('/api/target', { method: 'POST', body, schema: targetResponse });
}

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetsKeys.all }),
  });
}
