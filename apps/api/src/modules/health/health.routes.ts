import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { errors, ok, publicRoutes } from '../../plugins/route-groups.js';

export const healthRoutes = publicRoutes<{ database: Database }>('system', (app, { database }) => {
  app.get('/api/health', {
    schema: {
      operationId: 'getHealth',
      summary: 'Liveness and database reachability',
      response: {
        200: z.object({
          message: z.string(),
          status: z.literal('ok'),
          database: z.enum(['pglite', 'postgres']),
        }),
        ...errors(503),
      },
    },
    handler: async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, 'DATABASE_UNAVAILABLE');
      }
      return ok(request, 'messages.healthOk', { status: 'ok' as const, database: database.kind });
    },
  });
});
