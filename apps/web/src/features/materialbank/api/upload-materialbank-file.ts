import {
  errorResponse,
  type MaterialbankFileRecord,
  materialbankFileResponse,
} from '@vahti/domain';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';

export interface UploadValues {
  title: string;
  organizationId?: string | undefined;
  targets: string[];
  permissions: string[];
  applications: string[];
  state: string;
  info?: string | null | undefined;
}

/** The server's answer to an upload or a replacement: its message and the file as stored. */
type FileAnswer = { message: string; materialbankFile: MaterialbankFileRecord };

/** POST /api/materialbank-file/ as multipart/form-data, with its upload progress (sendFile). */
export function uploadMaterialbankFile(
  values: UploadValues,
  file: File,
  onProgress: (percent: number) => void,
): Promise<FileAnswer> {
  const form = new FormData();
  form.append('title', values.title);
  if (values.organizationId) form.append('organizationId', values.organizationId);
  form.append('targets', values.targets.join(','));
  form.append('permissions', values.permissions.join(','));
  form.append('applications', values.applications.join(','));
  form.append('state', values.state);
  form.append('info', values.info ?? '');
  const dot = file.name.indexOf('.');
  form.append('fileExtension', dot === -1 ? '' : file.name.slice(dot + 1));
  // The file goes last, so the server has every field before its bytes.
  form.append('file', file, file.name);
  return sendFile('/api/materialbank-file', form, onProgress);
}

/**
 * POST /api/materialbank-file-replace: the file's new content (PDF or JPG, judged as on upload);
 * the former content stays as an earlier version (Versiot).
 */
export function replaceMaterialbankFile(
  id: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<FileAnswer> {
  const form = new FormData();
  form.append('id', id);
  form.append('file', file, file.name);
  return sendFile('/api/materialbank-file-replace', form, onProgress);
}

/**
 * Sends multipart/form-data through XMLHttpRequest, because fetch cannot report upload
 * progress: `onProgress` gets 0–100 as the bytes leave. No 10 s timeout: a 25 MB file on a slow
 * line takes longer; the server bounds the request instead.
 */
function sendFile(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<FileAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
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
