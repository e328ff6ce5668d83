import type { ErrorCode } from '@vahti/domain';

/**
 * A failure the caller should see: a status, a typed code (translated in one place, the error
 * handler) and optionally per-field validation message keys.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code);
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const notFound = (code: ErrorCode) => new AppError(404, code);

/** Which 429 text to show: failed sign-ins, or attempts of any other kind. */
export type RateLimitKind = 'failedSignIns' | 'attempts';

/**
 * 429 TOO_MANY_REQUESTS until `retryAt`. The error handler adds the Retry-After header and a
 * text naming the time in the caller's language.
 */
export class RateLimitError extends AppError {
  constructor(
    readonly retryAt: Date,
    readonly kind: RateLimitKind,
  ) {
    super(429, 'TOO_MANY_REQUESTS');
    this.name = 'RateLimitError';
  }
}

/** PostgreSQL unique_violation (23505), as node-postgres or PGlite report it, maybe wrapped. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
