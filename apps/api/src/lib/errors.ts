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
