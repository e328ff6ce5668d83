// The queue under the writer (writer.ts): items of concurrent callers grouped by size and delay,
// one commit per group, a failed group retried item by item, drain on close. Knows no SQL.
/** How uplinks are grouped into one write transaction (ADR 0022). */
export interface GroupCommitSettings {
  /** A group is written as soon as this many rows wait (a larger single item goes alone). */
  maxRows: number;
  /** …or once the oldest waiting item has waited this long, whichever comes first. */
  delayMs: number;
  /** Groups written at the same time, each on its own connection (PGlite: 1). */
  flushes: number;
}

/**
 * Group commit (ADR 0022): items handed in by concurrent callers wait in one queue and are written
 * together, `commitGroup` making one transaction of a whole group. Each caller's promise settles
 * only when its item's group has committed (or failed). When a group's transaction fails, its
 * items are written again one by one, so one bad item fails only its own caller.
 */
export function createGroupCommit<T, R>({
  settings,
  sizeOf,
  commitGroup,
  onRetry,
}: {
  settings: GroupCommitSettings;
  /** The rows an item adds to a group. */
  sizeOf: (item: T) => number;
  /** Writes the items in one transaction; the results in the items' order. */
  commitGroup: (items: T[]) => Promise<R[]>;
  /** A group failed and its items are about to be written one by one (logs, metrics). */
  onRetry?: (items: T[], err: unknown) => void;
}) {
  interface Waiting {
    item: T;
    rows: number;
    resolve: (result: R) => void;
    reject: (err: unknown) => void;
  }
  const queue: Waiting[] = [];
  let queuedRows = 0;
  /** The oldest waiting item has waited delayMs (or the writer is draining): write at once. */
  let due = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  const counts = { groups: 0, items: 0, retried: 0 };

  function take(): Waiting[] {
    const group: Waiting[] = [];
    let rows = 0;
    while (queue.length > 0) {
      const next = queue[0] as Waiting;
      if (group.length > 0 && rows + next.rows > settings.maxRows) break;
      group.push(next);
      rows += next.rows;
      queue.shift();
    }
    queuedRows -= rows;
    if (queue.length === 0) due = false;
    return group;
  }

  async function write(group: Waiting[]) {
    counts.groups += 1;
    counts.items += group.length;
    try {
      const results = await commitGroup(group.map((w) => w.item));
      for (const [i, w] of group.entries()) w.resolve(results[i] as R);
      return;
    } catch (err) {
      if (group.length === 1) {
        group[0]?.reject(err);
        return;
      }
      onRetry?.(
        group.map((w) => w.item),
        err,
      );
    }
    // The group failed: each item alone, so the failure reaches only its own caller.
    counts.retried += group.length;
    for (const w of group) {
      try {
        const [result] = await commitGroup([w.item]);
        w.resolve(result as R);
      } catch (err) {
        w.reject(err);
      }
    }
  }

  function pump() {
    while (
      running.size < settings.flushes &&
      queue.length > 0 &&
      (due || queuedRows >= settings.maxRows)
    ) {
      const flush = write(take()).finally(() => {
        running.delete(flush);
        pump();
      });
      running.add(flush);
    }
    if (queue.length > 0 && !due && !timer) {
      timer = setTimeout(() => {
        timer = undefined;
        due = true;
        pump();
      }, settings.delayMs);
    }
    if (queue.length === 0 && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
  }

  return {
    /** Resolves with the item's result once its group has committed. */
    write(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const rows = Math.max(1, sizeOf(item));
        queue.push({ item, rows, resolve, reject });
        queuedRows += rows;
        pump();
      });
    },
    /** Writes whatever waits now and resolves when no group is being written. */
    async drain() {
      while (queue.length > 0 || running.size > 0) {
        if (queue.length > 0) due = true;
        pump();
        await Promise.all(running);
      }
    },
    /** Groups written, items in them, and items written again alone after a group failed. */
    stats: () => ({ ...counts }),
    /** What waits now (items and their rows) and how many groups are being written. */
    depth: () => ({ items: queue.length, rows: queuedRows, writing: running.size }),
  };
}

export type GroupCommit<T, R> = ReturnType<typeof createGroupCommit<T, R>>;
