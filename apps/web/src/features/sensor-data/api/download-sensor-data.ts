import { errorResponse } from '@vahti/domain';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { fileNameOf, saveFile } from '@/lib/save-file';
import { getSession } from '@/lib/session';

/** How long a report or an export may take before the screen gives up on it. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * GET a file (a report or an export) with the session's bearer token and save it under the
 * server's file name. A link cannot send the token, and a token in the URL would end up in logs
 * and history; so the bytes come through fetch and are saved from a blob: URL of our own origin.
 * Not the API client's 10 s timeout: a long report may take longer while the user sees it being
 * made; but not for ever either. A refusal throws an ApiError with the server's (Finnish) text.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { token } = getSession();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(path, {
      headers: {
        Accept: '*/*',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: controller.signal,
    });
    if (!response.ok) {
      const failure = errorResponse.safeParse(await response.json().catch(() => undefined));
      if (failure.success) {
        const { code, error, fields } = failure.data;
        throw new ApiError(response.status, code, error, fields);
      }
      throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('sensorData.downloadFailed'));
    }
    blob = await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      0,
      controller.signal.aborted ? 'TIMEOUT' : 'NETWORK_ERROR',
      i18n.t('api.networkError'),
    );
  } finally {
    clearTimeout(timer);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveFile(blob, name);
  return name;
}
