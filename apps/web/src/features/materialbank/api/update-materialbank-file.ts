import { useMutation, useQueryClient } from '@tanstack/react-query';
import { materialbankFileResponse, type UpdateMaterialbankFileBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** PATCH /api/materialbank-file: details saved, links replaced in one transaction. */
export function updateMaterialbankFile(body: UpdateMaterialbankFileBody) {
  return apiRequest('/api/materialbank-file', {
    method: 'PATCH',
    body,
    schema: materialbankFileResponse,
  });
}

export function useUpdateMaterialbankFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterialbankFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialbankKeys.all }),
  });
}
