import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** DELETE /api/materialbank-file/ (id). */
export function deleteMaterialbankFile(id: string) {
  return apiRequest('/api/materialbank-file', {
    method: 'DELETE',
    body: { id },
    schema: messageResponse,
  });
}

export function useDeleteMaterialbankFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterialbankFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialbankKeys.all }),
  });
}
