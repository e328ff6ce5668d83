import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateMeasurementBody,
  deviceTypesResponse,
  measurementResponse,
  measurementsResponse,
  type UpdateMeasurementBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of measurements and device types; a saved measurement invalidates both. */
export const measurementKeys = {
  all: ['measurements'] as const,
  list: () => [...measurementKeys.all, 'list'] as const,
  deviceTypes: () => [...measurementKeys.all, 'device-types'] as const,
};

/** GET /api/measurements */
export function measurementsQueryOptions() {
  return queryOptions({
    queryKey: measurementKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('/api/measurements', { schema: measurementsResponse, signal }),
    select: (data) => data.measurements,
  });
}
export const useMeasurements = () => useQuery(measurementsQueryOptions());

/** GET /api/device-types: each with its measurements in payload order. */
export function deviceTypesQueryOptions() {
  return queryOptions({
    queryKey: measurementKeys.deviceTypes(),
    queryFn: ({ signal }) =>
      apiRequest('/api/device-types', { schema: deviceTypesResponse, signal }),
    select: (data) => data.deviceTypes,
  });
}
export const useDeviceTypes = () => useQuery(deviceTypesQueryOptions());

export function useCreateMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeasurementBody) =>
      apiRequest('/api/measurements', { method: 'POST', body, schema: measurementResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}

export function useUpdateMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeasurementBody) =>
      apiRequest('/api/measurements', { method: 'PATCH', body, schema: measurementResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measurementKeys.all }),
  });
}
