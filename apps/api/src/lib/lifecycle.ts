/**
 * A piece of background work: a periodic job, a worker pool, a connection that listens. Started
 * in its phase, in the order of the list; stopped on close in the reverse order, so what a job
 * relies on (listed before it) is still there while it stops.
 */
export interface Job {
  name: string;
  /**
   * `ready` (default): when the app is ready, before it listens. `listening`: once the server
   * listens (server.ts), for work that must not hold up the first answers.
   */
  phase?: Phase;
  start(): unknown;
  stop(): unknown;
}

export type Phase = 'ready' | 'listening';

/**
 * Starts and stops `jobs` (ADR 0034). A job whose phase never comes (an app that is only
 * injected into never listens) is never started, and so never stopped.
 */
export function createLifecycle(jobs: readonly Job[]) {
  const started: Job[] = [];
  let closed = false;
  return {
    /** The jobs in start order. */
    jobs,
    /**
     * Starts, one after the other in list order, the jobs of `phase` not yet started. Once
     * `stop` has been called nothing more starts; a job whose start was under way then is
     * stopped as soon as it has started.
     */
    async start(phase: Phase) {
      for (const job of jobs) {
        if (closed) return;
        if ((job.phase ?? 'ready') !== phase || started.includes(job)) continue;
        await job.start();
        if (closed) {
          await job.stop();
          return;
        }
        started.push(job);
      }
    },
    /**
     * Stops every started job, the last started first, each after the one before has stopped.
     * A job that fails to stop does not keep the others running: the first failure is thrown
     * once all have been asked.
     */
    async stop() {
      closed = true;
      const failures: unknown[] = [];
      for (const job of started.splice(0).reverse()) {
        try {
          await job.stop();
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
