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
/** 400 VALIDATION_FAILED with per-field message keys (`{ 'rows.3.deviceEui': 'validation.…' }`). */
export const invalid = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', fields);

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

/** Errors of node's sockets that mean the database server cannot be reached. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery),
 * 53300 too_many_connections; class 08 is connection exception.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says a lost or unobtainable connection in words only (no code). */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * What a failure of the storage underneath means to the caller, or null when it is none of these:
 * the database cannot be reached (503 DATABASE_UNAVAILABLE: it comes back, retry) or a disk is
 * full (507 STORAGE_FULL: 53100 disk_full of PostgreSQL or PGlite, or a file write's ENOSPC). Drivers and Drizzle wrap errors, so the chain of causes is searched.
 */
export function storageFailure(
  err: unknown,
): { status: 503; code: 'DATABASE_UNAVAILABLE' } | { status: 507; code: 'STORAGE_FULL' } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return { status: 507, code: 'STORAGE_FULL' };
    if (
      (typeof code === 'string' &&
        (CONNECTION_CODES.has(code) ||
          UNAVAILABLE_STATES.has(code) ||
          /^08[0-9A-Z]{3}$/.test(code))) ||
      (typeof message === 'string' && CONNECTION_MESSAGES.test(message))
    )
      return { status: 503, code: 'DATABASE_UNAVAILABLE' };
    // An AggregateError (a refused connect to each address of a name) holds its causes in errors.
    const inner = (e as { errors?: unknown[] }).errors;
    e = (e as { cause?: unknown }).cause ?? (Array.isArray(inner) ? inner[0] : undefined);
  }
  return null;
}
