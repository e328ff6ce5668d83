import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { bearerMatches, isLoopback, type Metrics, observeHttp } from '../lib/metrics.js';

interface Options {
  metrics: Metrics;
  /** METRICS_TOKEN: lets a scraper elsewhere than on this host in; unset, only loopback. */
  token: string | undefined;
}

/**
 * Prometheus metrics (ADR 0028): every answer observed in the HTTP latency histogram, and
 * `GET /metrics` in Prometheus' text format. Open from loopback; from anywhere else only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and without a token configured the route is not there
 * (404, as any unknown route). "Loopback" is `request.ip`: the socket's peer, or with
 * TRUST_PROXY the client the trusted proxies name, never a header the client alone controls.
 * Not in the OpenAPI document: its answer is not JSON and no one but a scraper calls it.
 */
export const metricsPlugin = fp<Options>(async (app: FastifyInstance, { metrics, token }) => {
  app.addHook('onResponse', observeHttp(metrics.http));

  app.get('/metrics', {
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!isLoopback(request.ip)) {
        if (token === undefined) throw new AppError(404, 'ROUTE_NOT_FOUND');
        if (!bearerMatches(request.headers.authorization, token)) {
          reply.header('www-authenticate', 'Bearer');
          throw new AppError(401, 'METRICS_TOKEN_INVALID');
        }
      }
      reply.header('cache-control', 'no-store');
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  });
});
