import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateMeasurementBody, measurementResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { measurementKeys } from './measurement-keys';

export function useCreateMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeasurementBody) =>
      apiRequest('/api/measurements', { method: 'POST', body, schema: measurementResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}
