import { errorResponse } from '@vahti/domain';
import { ApiError } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';

/** The server's file name (attachment; filename="…"), else a default. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'vahti-qr-tarrat.pdf';
}

/**
 * POST /api/device-labels: the PDF of QR labels for the devices, saved as a download. The bytes
 * come through fetch with the session's bearer token (a link cannot send it) and are saved from
 * a blob: URL of our own origin. A refusal throws an ApiError with the server's text.
 */
export async function downloadDeviceLabels(deviceIds: readonly string[]): Promise<void> {
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch('/api/device-labels', {
      method: 'POST',
      headers: {
        Accept: 'application/pdf, application/json',
        'Accept-Language': currentLanguage(),
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ deviceIds }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('api.networkError'));
  }
  if (!response.ok) {
    const failure = errorResponse.safeParse(await response.json().catch(() => undefined));
    if (failure.success) {
      const { code, error, fields } = failure.data;
      throw new ApiError(response.status, code, error, fields);
    }
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // Let go of the bytes once the download has had time to read them.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
