import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app at / when it has been built (one process, one port). Hashed assets
 * are cached for a year; index.html never, so a new release is picked up at once. The build
 * writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts), sent as they
 * are to a browser that accepts them, so nothing static is compressed per request.
 */
export const webPlugin = fp<{ webDir: string }>(
  async (app: FastifyInstance, { webDir }) => {
    if (!existsSync(path.join(webDir, 'index.html'))) {
      app.log.warn({ webDir }, 'web app not built: only the API is served');
      return;
    }
    const assets = path.join(webDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      cacheControl: false,
      // An unknown API route answers its 404 without looking for a file on disk.
      allowedPath: (pathName) => !pathName.startsWith('/api/'),
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  },
  { name: 'web' },
);
