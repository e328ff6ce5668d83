import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorResponse,
  type MaterialbankFileRecord,
  type MaterialbankFilesResponse,
  materialbankCountResponse,
  materialbankFileResponse,
  materialbankFilesByUserResponse,
  materialbankFilesResponse,
  messageResponse,
  type UpdateMaterialbankFileBody,
} from '@vahti/domain';
import { ApiError, apiRequest } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-files/: the files the caller sees in Materiaalipankki. */
export function getMaterialbankFiles(signal?: AbortSignal): Promise<MaterialbankFilesResponse> {
  return apiRequest('/api/materialbank-files', { schema: materialbankFilesResponse, signal });
}

export function materialbankFilesQueryOptions() {
  return queryOptions({
    queryKey: materialbankKeys.list(),
    queryFn: ({ signal }) => getMaterialbankFiles(signal),
    select: (data) => data.materialbankFiles,
  });
}

export function useMaterialbankFiles() {
  return useQuery(materialbankFilesQueryOptions());
}

/**
 * GET /api/materialbank-files-by-user: the Tieto (appId 1) or Vainu (appId 2) list. The server
 * takes the organization and role from the session; only the target filter is ours to send.
 */
export function getUserFiles(appId: number, targetId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ appId: String(appId) });
  if (targetId) query.set('targetId', targetId);
  return apiRequest(`/api/materialbank-files-by-user?${query}`, {
    schema: materialbankFilesByUserResponse,
    signal,
  });
}

export function userFilesQueryOptions(appId: number, targetId: string) {
  return queryOptions({
    queryKey: materialbankKeys.byUser(appId, targetId),
    queryFn: ({ signal }) => getUserFiles(appId, targetId, signal),
    select: (data) => data.materialbankFiles,
  });
}

export function useUserFiles(appId: number, targetId: string) {
  return useQuery(userFilesQueryOptions(appId, targetId));
}

/**
 * GET /api/materialbank-count-files?organizationId=: pdf, jpg and totalFiles of the caller's
 * files in the organization (the dashboard's: the user's own, also for the top administrator).
 */
export function getFileCounts(organizationId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ organizationId });
  return apiRequest(`/api/materialbank-count-files?${query}`, {
    schema: materialbankCountResponse,
    signal,
  });
}

export function fileCountsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...materialbankKeys.counts(), organizationId],
    queryFn: ({ signal }) => getFileCounts(organizationId, signal),
  });
}

export function useFileCounts(organizationId: string | undefined) {
  return useQuery({ ...fileCountsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}

export interface UploadValues {
  title: string;
  organizationId?: string | undefined;
  targets: string[];
  permissions: string[];
  applications: string[];
  state: string;
  info?: string | null | undefined;
  file: File;
}

/**
 * POST /api/materialbank-file/ as multipart/form-data, through XMLHttpRequest because fetch
 * cannot report upload progress. `onProgress` gets 0–100 as the bytes leave. No 10 s timeout:
 * a 25 MB file on a slow line takes longer; the server bounds the request instead.
 */
export function uploadMaterialbankFile(
  values: UploadValues,
  onProgress: (percent: number) => void,
): Promise<{ message: string; materialbankFile: MaterialbankFileRecord }> {
  const form = new FormData();
  form.append('title', values.title);
  if (values.organizationId) form.append('organizationId', values.organizationId);
  form.append('targets', values.targets.join(','));
  form.append('permissions', values.permissions.join(','));
  form.append('applications', values.applications.join(','));
  form.append('state', values.state);
  form.append('info', values.info ?? '');
  const dot = values.file.name.indexOf('.');
  form.append('fileExtension', dot === -1 ? '' : values.file.name.slice(dot + 1));
  // The file goes last, so the server has every field before its bytes.
  form.append('file', values.file, values.file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/materialbank-file');
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    const { token } = getSession();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = materialbankFileResponse.safeParse(payload);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(request.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError')));
        return;
      }
      const failure = errorResponse.safeParse(payload);
      if (failure.success) {
        const { code, error, fields } = failure.data;
        reject(new ApiError(request.status, code, error, fields));
      } else {
        reject(new ApiError(request.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError')));
      }
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, 'NETWORK_ERROR', i18n.t('api.networkError'))),
    );
    request.send(form);
  });
}

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

/**
 * Fetches a file with the session's bearer token and hands it over as an object URL. A plain
 * link or a new tab cannot send the Authorization header, and a token in the URL would end up
 * in history, logs and Referer; so the bytes come through fetch and the tab opens a blob: URL of
 * our own origin (only a PDF or a JPEG ever gets this far: the server checked the content).
 */
async function fetchFile(file: string, download: boolean): Promise<Blob> {
  const query = new URLSearchParams({ file });
  if (download) query.set('download', '1');
  const { token } = getSession();
  const response = await fetch(`/api/materialbank-get-file?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`file ${response.status}`);
  return response.blob();
}

/** Object URLs are let go once the tab or the download has had time to read them. */
const revokeLater = (url: string) => setTimeout(() => URL.revokeObjectURL(url), 60_000);

/**
 * Opens the file in a new tab. The tab is opened at once, in the click, so no pop-up blocker
 * stops it; it shows the file when the bytes have arrived.
 */
export async function viewMaterialbankFile(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchFile(file, false));
    revokeLater(url);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Saves the file under its uploaded name. */
export async function downloadMaterialbankFile(file: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(file, true));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  revokeLater(url);
}
