import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for: it runs once the answer is on its way, so the
 * answer's timing says nothing about what the work found (forgot-password, docs/security.md).
 * A failure is logged; `settled()` waits for everything started, and the app waits for it
 * before it closes the database.
 */
export function createAfterReply(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${label} failed after the answer`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type AfterReply = ReturnType<typeof createAfterReply>;
