import { useQuery } from '@tanstack/react-query';
import {
  measurementsByTargetResponse,
  type TargetMeasurementRow,
  targetMeasurementsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** The quantities a survey's answers about the air are read against. */
const INDOOR_AIR = new Set(['temperature', 'co2']);

export interface IndoorAirMeasurement {
  measurementId: string;
  measurementName: string;
  rows: TargetMeasurementRow[];
}

/**
 * A target's temperature and CO2 over a period, per device: the target's measurements
 * (`GET /api/measurements-by-target`), then the summary of each (`GET /api/target-measurements`).
 * Vainu's own reads, so the same scope and application rules apply.
 */
export function useIndoorAir(targetId: string, sd: string, ed: string, enabled: boolean) {
  return useQuery({
    queryKey: surveysKeys.indoorAir(targetId, sd, ed),
    queryFn: async ({ signal }): Promise<IndoorAirMeasurement[]> => {
      const { measurements } = await apiRequest(
        `/api/measurements-by-target?${new URLSearchParams({ tid: targetId })}`,
        { schema: measurementsByTargetResponse, signal },
      );
      return Promise.all(
        measurements
          .filter((measurement) => INDOOR_AIR.has(measurement.quantity))
          .map(async (measurement) => {
            const search = new URLSearchParams({
              tid: targetId,
              mid: measurement.measurementID,
              sd,
              ed,
            });
            const { rows } = await apiRequest(`/api/target-measurements?${search}`, {
              schema: targetMeasurementsResponse,
              signal,
            });
            return {
              measurementId: measurement.measurementID,
              measurementName: measurement.measurementName,
              rows,
            };
          }),
      );
    },
    enabled: enabled && Boolean(targetId),
  });
}
