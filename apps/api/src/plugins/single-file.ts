import type { ErrorCode } from '@vahti/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.js';

/**
 * The query of an upload route, whose validator is off while its handler reads the body: 400
 * VALIDATION_FAILED naming `field` when it does not parse.
 */
export function uploadQuery<S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  field: string,
): z.output<S> {
  const query = schema.safeParse(request.query);
  if (!query.success) {
    throw new AppError(400, 'VALIDATION_FAILED', {
      [field]: query.error.issues[0]?.message ?? 'validation.invalidValue',
    });
  }
  return query.data;
}

interface SingleFileErrors {
  /** The field text when there is no `file` part. */
  missing: string;
  /** The field text of a body that is not a readable file. */
  unreadable: string;
  /** Over the multipart plugin's fileSize limit: 413 with this code and field text. */
  tooLarge: { code: ErrorCode; text: string };
}

/**
 * The one `file` part of a multipart/form-data upload, read whole (a small image: a logo, a
 * photo); 415 for another content type, and each failure a 4xx naming `file` in the caller's
 * language. On a failure the rest of the body is left unread and the connection closed.
 */
export async function readSingleFile(
  request: FastifyRequest,
  reply: FastifyReply,
  errors: SingleFileErrors,
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') {
      part?.file.resume();
      throw new AppError(400, 'VALIDATION_FAILED', { file: errors.missing });
    }
    return await part.toBuffer();
  } catch (err) {
    reply.header('connection', 'close');
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, errors.tooLarge.code, { file: errors.tooLarge.text });
    }
    throw new AppError(400, 'VALIDATION_FAILED', { file: errors.unreadable });
  }
}
