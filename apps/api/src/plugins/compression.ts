import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers of 1 KiB and more, brotli or gzip as the client's Accept-Encoding allows
 * (brotli at the plugin's quality 4: most of the gain for little CPU per request). Smaller
 * answers are sent as they are: compressing them costs more than it saves. Built web files are
 * compressed at build time and served as they are (see web.ts); this plugin leaves an answer
 * that already has a Content-Encoding alone.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
