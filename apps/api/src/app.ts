import type { Agent } from 'node:https';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config/index.js';
import { createContainer } from './container.js';
import type { Database } from './db/client.js';
import { errorForLog } from './lib/log-errors.js';
import { redactSecrets } from './lib/log-redaction.js';
import { OneLinePerRequest, requestIdOf } from './lib/request-log.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { metricsPlugin } from './plugins/metrics.js';
import { securityPlugin } from './plugins/security.js';
import { responseSerializer } from './plugins/serializer.js';
import { webPlugin } from './plugins/web.js';
import { routeGroups } from './routes.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given): the tests read its lines. */
  logDestination?: { write(line: string): void };
  /** The HTTPS agent Web Push sends with (the tests' receiver has its own CA). */
  pushAgent?: Agent;
  /** Every answer also checked against its schema by zod (the tests; plugins/serializer.ts). */
  checkAnswers?: boolean;
}

/**
 * Builds the Fastify instance over the services of a new container (container.ts); the server,
 * the tests and the benches share it. The container's background jobs start when the app is
 * ready and stop, in reverse order, when it closes (before the caller closes the database).
 */
export async function buildApp({
  config,
  database,
  logger,
  logDestination,
  pushAgent,
  checkAnswers = false,
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // No query parameter, password, hash, token, code or link ever reaches a log line: each
      // finished line is scrubbed of the keys that hold one and of secrets inside texts.
      hooks: { streamWrite: redactSecrets },
      serializers: { err: errorForLog },
      // Written asynchronously: lines that come while a write is under way go out together in
      // the next one, not one system call each (issue 30); pino flushes what is left at exit.
      stream: logDestination ?? pino.destination({ dest: 1, sync: false }),
    },
    // One line per request, when it is answered (method, path without the query, status, time).
    logController: new OneLinePerRequest(),
    // The caller's X-Request-Id when sane, else a UUID; answered in X-Request-Id (below).
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // X-Forwarded-For is believed only from the proxies named (TRUST_PROXY): off by default, so
    // a client cannot choose its own address for the per-address rate limits.
    trustProxy: trustedProxies(config.trustProxy),
    // A slow client cannot hold a connection: the whole request must arrive in time (408),
    // an idle socket is closed. Node enforces the deadline only when the headers' own deadline
    // is not longer, and checks deadlines every connectionsCheckingInterval (30 s by default,
    // too coarse for a deadline of seconds).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkAnswers }));

  const container = createContainer({
    config,
    database,
    log: app.log,
    ...(pushAgent && { pushAgent }),
  });
  const { lifecycle, metrics, services } = container;
  for (const line of config.deprecations) app.log.warn(line);
  app.addHook('onReady', () => lifecycle.start('ready'));
  // Fastify runs onClose hooks last-added first: this one, added before any plugin, runs after
  // the server has stopped taking requests and every plugin has closed.
  app.addHook('onClose', () => lifecycle.stop());

  // Several instances behind a load balancer (ADR 0030): every answer says which one gave it.
  const { instanceName } = config;
  if (instanceName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-vahti-instance', instanceName);
    });
  }

  // API answers are per user and per moment: no browser or proxy may keep one. Static files
  // (the web app, the API docs' assets) set their own Cache-Control and keep it. Every answer
  // names its request id, the reqId of the request's log lines.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // External plugins, then our own, then routes.
  await app.register(securityPlugin, { webDir: config.webDir });
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(authPlugin, { auth: services.auth });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  for (const { plugin, options } of routeGroups({ config, database, container })) {
    await app.register(plugin, options as never);
  }
  await app.register(webPlugin, { webDir: config.webDir });

  return { app, container };
}

/** Fastify's types take a hop count as a function: the first `hops` hops are proxies. */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
