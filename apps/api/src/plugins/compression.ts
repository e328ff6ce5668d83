import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * brotli as the plugin runs it for an answer in memory (the API's JSON), at quality 1 and told
 * the answer's size. Without the hint the encoder prepares for a stream of any length (a 4 MiB
 * window), which cost half its time on a 5 kB list. Quality 1 instead of the plugin's 4: on
 * `GET /api/targets` (4.6 kB of JSON) 2,003–2,133 req/s instead of 1,555 at 50 connections on
 * PostgreSQL, for 2,024 bytes on the wire instead of 1,928 (+5 %); docs/performance.md.
 * Streamed answers (exports) keep the plugin's quality 4.
 */
function brotliCompressSync(payload: zlib.InputType, options: zlib.BrotliOptions = {}) {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  return zlib.brotliCompressSync(payload, {
    ...options,
    params: {
      ...options.params,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}

/**
 * Compresses answers of 1 KiB and more, brotli or gzip as the client's Accept-Encoding allows
 * (brotli at quality 1: most of the gain for little CPU per request). Smaller
 * answers are sent as they are: compressing them costs more than it saves. Built web files are
 * compressed at build time and served as they are (see web.ts); this plugin leaves an answer
 * that already has a Content-Encoding alone.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      zlib: { brotliCompressSync },
    });
  },
  { name: 'compression' },
);
