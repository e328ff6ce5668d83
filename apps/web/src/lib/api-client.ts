import { type ErrorCode, errorResponse, REQUEST_TIMEOUT_MS } from '@vahti/domain';
import type { ZodType } from 'zod';
import { formatClockTimeIn } from './dates';
import { currentLanguage, i18n } from './i18n';
import { getSession, signOut } from './session';

/** Codes the client gives failures that never reached the API or came back unreadable. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'BAD_RESPONSE';

/**
 * A failed call. `error` is the human text to show (the server's translated text, or ours for a
 * network failure); `code` is the stable code to branch on; `fields` holds per-field messages of
 * a VALIDATION_FAILED answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly error: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, error: string, fields: Record<string, string> = {}) {
    super(error);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.error = error;
    this.fields = fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * What a failed query or mutation shows in its red alert: the server's text, or 'Jokin meni
 * vikaan' for anything else; null while there is no failure.
 */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? error.error : i18n.t('api.unexpectedError');
}

/**
 * The ApiError of a failed answer read with fetch outside apiRequest (files, uploads): the
 * server's text, code and fields, or 'Jokin meni vikaan' for an unreadable one.
 */
export async function failureOf(response: Response): Promise<ApiError> {
  const failure = errorResponse.safeParse(await response.json().catch(() => undefined));
  if (!failure.success) {
    return new ApiError(response.status, 'BAD_RESPONSE', i18n.t('api.unexpectedError'));
  }
  const { code, error, fields } = failure.data;
  return new ApiError(response.status, code, error, fields);
}

type UnauthorizedHandler = () => void;

// Until the app installs its router-aware handler, a rejected token at least ends the session.
let unauthorizedHandler: UnauthorizedHandler = () => signOut('expired');

/**
 * Installs what happens when the API rejects the session (401/403 on any call but sign-in): the
 * app clears the session and its cache and sends the user to the login screen.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); the timeout applies on top. */
  signal?: AbortSignal;
  /**
   * The domain's response schema: every success body, of a query or a mutation, is checked with
   * it, and a mismatch is reported as BAD_RESPONSE.
   */
  schema: ZodType<T>;
  /**
   * Whether a 401/403 means "the session is no longer valid". False for the sign-in call, whose
   * 401/403 only mean wrong credentials or an inactive account.
   */
  sessionCall?: boolean;
  /** Which 429 text the call shows: failed sign-ins (login) or attempts of any kind (default). */
  rateLimit?: 'failedSignIns' | 'attempts';
}

/** Same origin: the API serves the web app, and the dev server proxies /api. */
const BASE_URL = '';

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const {
    method = 'GET',
    body,
    signal,
    schema,
    sessionCall = true,
    rateLimit = 'attempts',
  } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (cause) {
    // The caller cancelled: let TanStack Query (or the caller) see a plain abort.
    if (signal?.aborted && !timedOut) throw cause;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', i18n.t('api.networkError'));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const payload = parseJson(text);

  if (!response.ok) {
    const rejected = response.status === 401 || response.status === 403;
    // Only a sent token can be rejected, and a late answer to a call made with an older token
    // must not end a newer session.
    if (rejected && sessionCall && token && getSession().token === token) unauthorizedHandler();
    const failure = errorResponse.safeParse(payload);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 429 && failure.success && retryAfter > 0) {
      // The server's text names a time in Helsinki; the user's own clock is the one to read.
      const time = formatClockTimeIn(retryAfter, currentLanguage());
      throw new ApiError(429, failure.data.code, i18n.t(`api.retryAt.${rateLimit}`, { time }));
    }
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

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
