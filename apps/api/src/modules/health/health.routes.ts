import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { errors, ok, publicRoutes } from '../../plugins/route-groups.js';

interface Options {
  database: Pick<Database, 'kind' | 'ping'>;
  /** The MQTT subscriber when MQTT_URL is set: readiness then needs the broker too. */
  mqtt: { status(): { connected: number } } | null;
  /** The intake journal: readiness says degraded while uplinks wait in it. */
  journal: { status(): { uplinks: number; oldestSeconds: number } } | null;
}

const database = z.enum(['pglite', 'postgres']);

/** 503 DATABASE_UNAVAILABLE unless the database answers a `select 1`. */
async function pingDatabase(db: Options['database'], log: FastifyBaseLogger) {
  try {
    await db.ping();
  } catch (err) {
    log.error({ err }, 'database ping failed');
    throw new AppError(503, 'DATABASE_UNAVAILABLE');
  }
}

/**
 * Liveness (the process answers), readiness (it can do its work: what a load balancer checks)
 * and the original health check, kept as it was (database only) for whoever calls it.
 */
export const healthRoutes = publicRoutes<Options>(
  'system',
  (app, { database: db, mqtt, journal }) => {
    app.get('/api/health', {
      schema: {
        operationId: 'getHealth',
        summary: 'Database reachability (as /api/health/ready without the broker)',
        response: {
          200: z.object({ message: z.string(), status: z.literal('ok'), database }),
          ...errors(503),
        },
      },
      handler: async (request) => {
        await pingDatabase(db, request.log);
        return ok(request, 'messages.healthOk', { status: 'ok' as const, database: db.kind });
      },
    });

    app.get('/api/health/live', {
      schema: {
        operationId: 'getHealthLive',
        summary: 'Liveness: the process is up and its event loop answers',
        description:
          'Checks nothing else: a failing database or broker does not make a process worth restarting. Restart the process when this fails.',
        response: { 200: z.object({ message: z.string(), status: z.literal('ok') }) },
      },
      handler: async (request) => ok(request, 'messages.healthLive', { status: 'ok' as const }),
    });

    app.get('/api/health/ready', {
      schema: {
        operationId: 'getHealthReady',
        summary: 'Readiness: the database answers and, with MQTT_URL, the broker is connected',
        description:
          "What a load balancer checks. 503 names the first part that failed: DATABASE_UNAVAILABLE (no answer to select 1), then BROKER_UNAVAILABLE (MQTT_URL is set and no connection to the broker is up). `broker` is `off` without MQTT_URL. `status` is `degraded` while webhook uplinks wait in the intake journal to be stored (`journal`: how many, and the oldest one's age in seconds).",
        response: {
          200: z.object({
            message: z.string(),
            status: z.enum(['ok', 'degraded']),
            database,
            broker: z.enum(['connected', 'off']),
            journal: z.object({ uplinks: z.number().int(), oldestSeconds: z.number() }),
          }),
          ...errors(503),
        },
      },
      handler: async (request) => {
        await pingDatabase(db, request.log);
        if (mqtt && mqtt.status().connected === 0) {
          request.log.warn('not ready: no MQTT connection is up');
          throw new AppError(503, 'BROKER_UNAVAILABLE');
        }
        const { uplinks, oldestSeconds } = journal?.status() ?? { uplinks: 0, oldestSeconds: 0 };
        return ok(request, 'messages.healthReady', {
          status: uplinks > 0 ? ('degraded' as const) : ('ok' as const),
          database: db.kind,
          broker: mqtt ? ('connected' as const) : ('off' as const),
          journal: { uplinks, oldestSeconds: Math.round(oldestSeconds) },
        });
      },
    });
  },
);
