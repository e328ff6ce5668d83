import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measurementResponse, type UpdateMeasurementBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { measurementKeys } from './measurement-keys';

export function useUpdateMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeasurementBody) =>
      apiRequest('/api/measurements', { method: 'PATCH', body, schema: measurementResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}
