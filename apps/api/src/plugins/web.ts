import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app at / when it has been built (one process, one port). Hashed assets
 * are cached for a year; index.html never, so a new release is picked up at once.
 */
export const webPlugin = fp<{ webDir: string }>(
  async (app: FastifyInstance, { webDir }) => {
    if (!existsSync(path.join(webDir, 'index.html'))) {
      app.log.warn({ webDir }, 'web app not built: only the API is served');
      return;
    }
    await app.register(fastifyStatic, {
      root: webDir,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'web' },
);
