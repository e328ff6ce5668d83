import { errorResponse } from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The instance a routes plugin receives (Zod type provider). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

type Register<Options> = (app: RouteApp, options: Options) => void;

/**
 * A routes plugin whose routes need a signed-in caller. Registered like any routes plugin, it is
 * its own encapsulated group: every route in it authenticates in onRequest (so an anonymous call
 * is 401 before its input is validated) and is documented with bearerAuth, the group's tag, 401,
 * and 400 when it takes input. A route declares only what differs: operationId, summary,
 * description, inputs, its 2xx and its further errors (`...errors(403, 404)`).
 */
export function signedIn<Options extends object>(
  tag: string,
  register: Register<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('onRequest', app.authenticate);
    app.addHook('onRoute', (route) => document(route, tag, true));
    register(app, options);
  };
}

/** A routes plugin anyone may call: the group's tag, and 400 when the route takes input. */
export function publicRoutes<Options extends object>(
  tag: string,
  register: Register<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => document(route, tag, false));
    register(app, options);
  };
}

/** Error answers (`{ error, code, fields? }`) by status, for a route's response schema. */
export function errors<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    Status,
    typeof errorResponse
  >;
}

function document(route: RouteOptions, tag: string, secured: boolean) {
  const schema = route.schema ?? {};
  if (schema.hide) return;
  const takesInput = Boolean(schema.body ?? schema.querystring ?? schema.params);
  route.schema = {
    tags: [tag],
    ...(secured && { security: [{ bearerAuth: [] }] }),
    ...schema,
    response: {
      ...(takesInput && errors(400)),
      ...(secured && errors(401)),
      ...(schema.response as object | undefined),
    },
  };
}

/** A success answer: the translated `message` first, then the documented keys. */
export function ok<T extends object = object>(
  request: Pick<FastifyRequest, 'language'>,
  messageKey: string,
  data?: T,
): { message: string } & T {
  return { message: translate(request.language, messageKey), ...(data as T) };
}
