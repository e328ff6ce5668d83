import type { FastifyBaseLogger } from 'fastify';

/** A logger that writes nothing, for services built by hand outside an app. */
export function silentLog(): FastifyBaseLogger {
  const noop = () => {};
  const log = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}
