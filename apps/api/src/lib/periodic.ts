import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` every `intervalMs`, the first time after `firstAfterMs` (a minute by default, or
 * the interval if shorter), never two at once (a round still going when the next is due is not
 * doubled); a failure is logged and the next round tries again. The timers do not keep the
 * process alive. Several instances may run the same task: the task
 * itself must be safe for that. `stop()` ends the timer and waits for a round in progress.
 */
export function startPeriodic({
  name,
  task,
  intervalMs,
  firstAfterMs = Math.min(60_000, intervalMs),
  log,
}: {
  name: string;
  task: () => Promise<unknown>;
  intervalMs: number;
  firstAfterMs?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= task()
      .then(() => undefined)
      .catch((err) => log.warn({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  // The rounds are due firstAfterMs, then every intervalMs after that: never two at one moment.
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  }, firstAfterMs);
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
