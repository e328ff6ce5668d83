import type { ServerResponse } from 'node:http';
import type { AppEvent } from '@vahti/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errors, signedIn } from '../../plugins/route-groups.js';
import type { EventsService } from './events.service.js';

interface Options {
  events: EventsService;
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  heartbeatMs?: number;
  /**
   * The stream ends after this long and the browser reconnects, signing in afresh: a user
   * deactivated or moved meanwhile stops hearing events within this time.
   */
  maxLifetimeMs?: number;
}

/** Seconds a refused stream is told to wait (Retry-After): the web app backs off at least this. */
const REFUSED_RETRY_SECONDS = '30';

/**
 * GET /api/events: the one server-sent event stream of the app (docs/ARCHITECTURE.md, "Live
 * updates"). Signed in like every other call, with the bearer header: the web app reads it with
 * fetch, not EventSource, so no token travels in a URL.
 */
export const eventsRoutes = signedIn<Options>(
  'events',
  (app, { events, heartbeatMs = 25_000, maxLifetimeMs = 10 * 60_000 }) => {
    const open = new Set<ServerResponse>();
    app.addHook('preClose', async () => {
      for (const res of open) res.end();
    });

    app.get('/api/events', {
      // Minutes long by design: kept out of the HTTP latency histogram, counted by the gauge.
      config: { stream: true },
      schema: {
        operationId: 'streamEvents',
        summary: 'Live events of the organization (text/event-stream)',
        description:
          'A text/event-stream that stays open: each event is `data: {"type","targetId","data"}` with a kind (e.g. discussion.comment) and ids only, never texts; a line starting with ":" is a heartbeat. A caller hears only events of its own organization (every organization for Pääylläpitäjä) and, for events about a target, only targets it may see. The stream ends after 10 minutes; reconnect (the `retry` field says after how long). A user holds at most 10 open streams on an instance (the 11th answers 429 TOO_MANY_EVENT_STREAMS) and an instance at most EVENT_STREAMS_MAX (503 EVENT_STREAMS_FULL); both carry Retry-After.',
        response: { 200: z.string().describe('text/event-stream'), ...errors(429, 503) },
      },
      handler: async (request, reply) => {
        const res = reply.raw;
        // The slot is taken before anything is written: a refusal is an ordinary error answer.
        let close: () => void;
        try {
          close = events.open(request.caller, (event: AppEvent) => {
            res.write(`data: ${JSON.stringify(event)}\n\n`);
          });
        } catch (err) {
          if (err instanceof AppError && (err.statusCode === 429 || err.statusCode === 503)) {
            reply.header('retry-after', REFUSED_RETRY_SECONDS);
          }
          throw err;
        }
        // The answer is written by hand: no serializer, no compression (a compressed stream is
        // buffered until a block fills), no caching anywhere on the way. The headers the hooks
        // set so far (security headers, X-Vahti-Instance) go out with it.
        reply.hijack();
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) res.setHeader(name, value);
        }
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        res.write('retry: 5000\n\n: connected\n\n');
        open.add(res);
        const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
        const lifetime = setTimeout(() => res.end(), maxLifetimeMs);
        const cleanup = () => {
          close();
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          open.delete(res);
        };
        // 'close' comes when the browser leaves, the network drops or the stream ends; a socket
        // that went away before this line has sent it already, and its slot is given back now.
        if (res.destroyed) cleanup();
        else res.on('close', cleanup);
      },
    });
  },
);
