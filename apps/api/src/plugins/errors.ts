import {
  type ErrorCode,
  type ErrorResponse,
  formatClockTime,
  type Language,
  pickLanguage,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitError, storageFailure } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** Fastify's own client errors, by code, and what we call them. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/**
 * SQLSTATE class 22, data exception (22P02 invalid text, 22003 out of range, 22021 bad byte
 * sequence such as NUL, ...): the database refused a value that validation let through. Drivers
 * and Drizzle wrap the database error, so the chain of causes is searched.
 */
function isDataException(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

function body(
  request: FastifyRequest,
  code: ErrorCode,
  fields?: Record<string, string>,
): ErrorResponse {
  const lang = request.language;
  const translated = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([field, key]) => [field, translate(lang, key)]),
      )
    : undefined;
  return {
    error: translate(lang, `errors.${code}`),
    code,
    ...(translated && { fields: translated }),
  };
}

/**
 * Fastify's `frameworkErrors` option: a path the router refuses before any hook runs (a bad
 * percent-encoding, a path parameter past its length limit) gets our shape, not Fastify's own
 * answer, which echoes the path and speaks English only.
 */
export function frameworkErrors(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.language = pickLanguage(request.headers['accept-language']);
  return reply.status(400).send(body(request, 'VALIDATION_FAILED'));
}

/**
 * The one error handler: every failure leaves as { error, code, fields? } in the caller's
 * language. Client errors are named; a database that cannot be reached answers 503 and a full
 * disk 507; anything unexpected is logged and answered with a generic 500 that carries no detail.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('language', 'fi');
    app.addHook('onRequest', async (request) => {
      request.language = pickLanguage(request.headers['accept-language']);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof RateLimitError) {
        const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000));
        // Name the minute by which the window has surely ended, never one too early.
        const time = formatClockTime(
          request.language,
          new Date(Math.ceil(error.retryAt.getTime() / 60_000) * 60_000),
        );
        return reply
          .status(429)
          .header('retry-after', String(seconds))
          .send({
            error: translate(request.language, `rateLimit.${error.kind}`, { time }),
            code: error.code,
          } satisfies ErrorResponse);
      }
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(body(request, error.code, error.fields));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field =
            issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
            error.validationContext ||
            'body';
          const key = issue.message?.startsWith('validation.')
            ? issue.message
            : 'validation.invalidValue';
          fields[field] ??= key;
        }
        return reply.status(400).send(body(request, 'VALIDATION_FAILED', fields));
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) return reply.status(known.status).send(body(request, known.code));
      if (error.statusCode === 429)
        return reply.status(429).send(body(request, 'TOO_MANY_REQUESTS'));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return reply
          .status(error.statusCode)
          .send(body(request, error.statusCode === 404 ? 'ROUTE_NOT_FOUND' : 'VALIDATION_FAILED'));
      }
      if (isDataException(error)) {
        // Still a gap in the schemas: logged as a warning so it gets a rule, answered as bad input.
        request.log.warn({ err: error }, 'database refused a value');
        return reply.status(400).send(body(request, 'VALIDATION_FAILED'));
      }
      const storage = storageFailure(error);
      if (storage) {
        // Not the caller's fault and not a bug: a database that is restarting or a full disk.
        // A warning per request; the answer says to retry (503) or that nothing was stored
        // (507), and the app recovers by itself when the cause is gone.
        request.log.warn({ err: error }, storage.code);
        if (storage.status === 503) reply.header('retry-after', '5');
        return reply.status(storage.status).send(body(request, storage.code));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body(request, 'INTERNAL_ERROR'));
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(body(request, 'ROUTE_NOT_FOUND')),
    );
  },
  { name: 'errors' },
);
