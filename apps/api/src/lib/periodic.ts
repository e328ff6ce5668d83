/**
 * Runs `task` every `intervalMs`, the first time after `firstAfterMs` (a minute by default, or
 * the interval if shorter), never twice at once (a run still going when the next is due is not
 * doubled). The timers do not keep the process alive. `stop()` clears them and waits for a run
 * under way. `task` handles its own errors.
 */
export function startPeriodic(
  task: () => Promise<void>,
  intervalMs: number,
  firstAfterMs = Math.min(60_000, intervalMs),
) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= task().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(run, firstAfterMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
