import { errorResponse, translate } from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({
            message: z.string(),
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
          }),
          503: errorResponse,
        },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, 'DATABASE_UNAVAILABLE');
      }
      return {
        message: translate(request.language, 'messages.healthOk'),
        status: 'ok' as const,
        database: database.kind,
      };
    },
  );
};
