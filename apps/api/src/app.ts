import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authPlugin, createTokenService } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify instance; the server and the tests share it. Composition root. */
export async function buildApp({ config, database, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Services, wired once.
  const tokens = createTokenService(config);
  const auth = createAuthService({ db: database.db, tokens });

  // External plugins, then our own, then routes.
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { auth });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { auth });
  await app.register(webPlugin, { webDir: config.webDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
