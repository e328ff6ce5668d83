import { ApiError } from './api-client';
import { currentLanguage, i18n } from './i18n';
import { getSession } from './session';

/**
 * A fetch of an API route whose answer is not JSON (an image) or whose body is multipart, with
 * the session's token and language; a network failure as an ApiError. The caller reads the
 * response (failureOf for an error).
 */
export async function apiFetch(path: string, accept: string, init: RequestInit = {}) {
  const { token } = getSession();
  try {
    return await fetch(path, {
      ...init,
      headers: {
        Accept: `${accept}, application/json`,
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('api.networkError'));
  }
}
