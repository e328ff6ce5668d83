import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceImportPreviewResponse,
  type DeviceImportResponse,
  deviceImportPreviewResponse,
  deviceImportResponse,
  errorResponse,
} from '@vahti/domain';
import type { ZodType } from 'zod';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { deviceKeys } from './device-keys';

export interface DeviceImportVariables {
  file: File;
  /** The top administrator's choice; anyone else imports into their own organization. */
  organizationId?: string | undefined;
}

/**
 * A file of devices as multipart/form-data to the preview or the commit. No 10 s timeout: 5,000
 * rows are checked and stored in a few seconds, and the server bounds the request instead.
 */
async function sendImport<T>(
  path: string,
  { file, organizationId }: DeviceImportVariables,
  schema: ZodType<T>,
): Promise<T> {
  const form = new FormData();
  if (organizationId) form.append('organizationId', organizationId);
  form.append('file', file, file.name);
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('api.networkError'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = errorResponse.safeParse(payload);
    if (failure.success) {
      const { code, error, fields } = failure.data;
      throw new ApiError(response.status, code, error, fields);
    }
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError'));
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError'));
  }
  return parsed.data;
}

/** POST /api/devices/import/preview: every row of the file with its errors. */
export const usePreviewDeviceImport = () =>
  useMutation<DeviceImportPreviewResponse, ApiError, DeviceImportVariables>({
    mutationFn: (variables) =>
      sendImport('/api/devices/import/preview', variables, deviceImportPreviewResponse),
  });

/** POST /api/devices/import: every row stored, or none. */
export function useImportDevices() {
  const queryClient = useQueryClient();
  return useMutation<DeviceImportResponse, ApiError, DeviceImportVariables>({
    mutationFn: (variables) => sendImport('/api/devices/import', variables, deviceImportResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
