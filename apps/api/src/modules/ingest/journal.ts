// The intake journal (issue 26): uplinks a webhook handed us while the database could not commit
// them in time. Appended under DATA_DIR (fsync before the webhook is answered), replayed in order
// once the database answers, also first thing after a restart; replays are idempotent because a
// reading's dedup key is the uplink's own (ADR 0022). Bounded by size: past it, nothing is taken.
//
// On disk: numbered segment files of one JSON entry per line. Appends go to the newest; the
// replayer closes a segment before reading it (appends move to a new one), records after each
// chunk how many of its lines are done (`<segment>.done`), and deletes a segment once done. A crash
// replays at most one chunk again, which adds nothing.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestCaller, Uplink, UplinkOrigin } from './types.js';

/** One webhook request's uplinks as they arrived. */
export interface JournalEntry {
  /** When they arrived (epoch ms): their received time, and the time of any without its own. */
  receivedAt: number;
  caller: IngestCaller;
  origin: UplinkOrigin;
  uplinks: Uplink[];
}

export interface JournalStatus {
  entries: number;
  uplinks: number;
  bytes: number;
  /** Seconds since the oldest entry waiting arrived; 0 when none waits. */
  oldestSeconds: number;
}

/** Entries replayed together: their uplinks go to the group writer at once. */
const CHUNK = 200;
/** The first retry of a chunk waits this long; each failure in a row doubles it, to the cap. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

export class JournalFullError extends Error {
  constructor() {
    super('the intake journal is full');
    this.name = 'JournalFullError';
  }
}

interface Segment {
  seq: number;
  /** Entries not yet replayed, oldest first: their sizes and arrival times. */
  waiting: { bytes: number; uplinks: number; receivedAt: number }[];
  /** Lines of the file already replayed. */
  done: number;
}

const segmentName = (seq: number) => `${String(seq).padStart(12, '0')}.ndjson`;
/** Entries that could be neither stored nor kept as rejected, for whoever runs the server. */
export const UNSTORABLE = 'unstorable.ndjson';

export function createIntakeJournal({
  dir,
  maxBytes,
  log,
  now = () => Date.now(),
}: {
  dir: string;
  maxBytes: number;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  mkdirSync(dir, { recursive: true });
  const segments: Segment[] = loadSegments(dir);
  let bytes = segments.reduce((sum, s) => sum + s.waiting.reduce((n, e) => n + e.bytes, 0), 0);
  /** The segment appends go to: the newest, unless the replayer has closed it. */
  let open_: { seq: number; handle: FileHandle | undefined } = {
    seq: (segments.at(-1)?.seq ?? 0) + 1,
    handle: undefined,
  };
  let pending: {
    line: string;
    waiting: Segment['waiting'][number];
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  let flushing: Promise<void> | undefined;
  let replayer: { wake(): void; stopped: Promise<void> } | undefined;
  let stopping = false;

  async function keepUnstorable(entries: JournalEntry[]) {
    const handle = await open(path.join(dir, UNSTORABLE), 'a');
    try {
      await handle.write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    log.error(
      { entries: entries.length, file: UNSTORABLE },
      'journaled uplinks whose organization no longer exists kept apart in the intake journal',
    );
  }

  function segmentOf(seq: number): Segment {
    let segment = segments.find((s) => s.seq === seq);
    if (!segment) {
      segment = { seq, waiting: [], done: 0 };
      segments.push(segment);
    }
    return segment;
  }

  /**
   * Writes every line waiting, one fsync for all of them, counts them in their segment, then
   * answers their appends.
   */
  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      const target = open_;
      try {
        target.handle ??= await open(path.join(dir, segmentName(target.seq)), 'a');
        await target.handle.write(batch.map((p) => p.line).join(''));
        await target.handle.datasync();
      } catch (err) {
        for (const p of batch) p.reject(err);
        continue;
      }
      segmentOf(target.seq).waiting.push(...batch.map((p) => p.waiting));
      segments.sort((a, b) => a.seq - b.seq);
      for (const p of batch) p.resolve();
    }
  }

  /**
   * Appends go to a new segment from now on; resolves once the old one is complete on disk and
   * counted (a flush under way finishes with the old one).
   */
  async function rotate(): Promise<void> {
    const closing = open_;
    open_ = { seq: closing.seq + 1, handle: undefined };
    await flushing;
    await closing.handle?.close();
  }

  async function markDone(segment: Segment) {
    const file = path.join(dir, `${segmentName(segment.seq)}.done`);
    await writeFile(`${file}.tmp`, String(segment.done), { flush: true });
    await rename(`${file}.tmp`, file);
  }

  async function remove(segment: Segment) {
    await rm(path.join(dir, segmentName(segment.seq)), { force: true });
    await rm(path.join(dir, `${segmentName(segment.seq)}.done`), { force: true });
    segments.splice(segments.indexOf(segment), 1);
  }

  function status(): JournalStatus {
    let entries = 0;
    let uplinks = 0;
    let oldest: number | undefined;
    for (const segment of segments) {
      entries += segment.waiting.length;
      for (const entry of segment.waiting) uplinks += entry.uplinks;
      oldest ??= segment.waiting[0]?.receivedAt;
    }
    return {
      entries,
      uplinks,
      bytes,
      oldestSeconds: oldest === undefined ? 0 : Math.max(0, (now() - oldest) / 1000),
    };
  }

  return {
    dir,
    status,

    /**
     * Appends one request's uplinks; resolves once they are on disk (fsync). Throws
     * JournalFullError past maxBytes, or the file system's error.
     */
    async append(entry: JournalEntry): Promise<void> {
      if (stopping) throw new Error('the intake journal is closed');
      const line = `${JSON.stringify(entry)}\n`;
      const size = Buffer.byteLength(line);
      if (bytes + size > maxBytes) throw new JournalFullError();
      bytes += size;
      const waiting = { bytes: size, uplinks: entry.uplinks.length, receivedAt: entry.receivedAt };
      const written = new Promise<void>((resolve, reject) =>
        pending.push({ line, waiting, resolve, reject }),
      );
      flushing ??= flush().finally(() => {
        flushing = undefined;
      });
      try {
        await written;
      } catch (err) {
        bytes -= size;
        throw err;
      }
      replayer?.wake();
    },

    /**
     * Replays what waits, in order, a chunk of entries at a time through `replay` (which
     * resolves once every entry of the chunk is committed, and throws when the database is still
     * away: the chunk is tried again after a back-off). The entries `replay` hands back could be
     * neither stored nor kept as rejected (their organization was removed meanwhile): they go to
     * UNSTORABLE in the journal's directory, synced, so they neither block those behind them nor
     * are lost. Runs until stop().
     */
    start(replay: (entries: JournalEntry[]) => Promise<JournalEntry[]>) {
      let wake: () => void = () => {};
      let delay = RETRY_MIN_MS;
      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      const loop = async () => {
        while (!stopping) {
          const segment = segments.find((s) => s.waiting.length > 0);
          if (!segment) {
            await sleep(60_000);
            continue;
          }
          if (segment.seq === open_.seq) await rotate();
          const lines = linesOf(await readFile(path.join(dir, segmentName(segment.seq)), 'utf8'));
          while (!stopping && segment.done < lines.length) {
            const chunk = lines.slice(segment.done, segment.done + CHUNK);
            try {
              const unstorable = await replay(chunk.flatMap((line) => parsed(line) ?? []));
              if (unstorable.length > 0) await keepUnstorable(unstorable);
            } catch (err) {
              log.warn({ err, inMs: delay }, 'intake journal replay waits for the database');
              await sleep(delay);
              delay = Math.min(delay * 2, RETRY_MAX_MS);
              continue;
            }
            delay = RETRY_MIN_MS;
            segment.done += chunk.length;
            await markDone(segment);
            for (const entry of segment.waiting.splice(0, chunk.length)) bytes -= entry.bytes;
          }
          if (segment.done >= lines.length) {
            await remove(segment);
            log.info({ entries: lines.length }, 'intake journal segment replayed');
          }
        }
      };
      const stopped = loop().catch((err) => log.error({ err }, 'intake journal replay stopped'));
      replayer = { wake: () => wake(), stopped };
    },

    /** Lets the chunk being replayed commit, then closes the journal. */
    async stop() {
      stopping = true;
      replayer?.wake();
      await replayer?.stopped;
      await flushing;
      await open_.handle?.close();
      open_.handle = undefined;
    },
  };
}

/** A segment's lines; the last may be cut by a crash mid-write (its append never answered). */
const linesOf = (text: string) => text.split('\n').filter((line) => line.length > 0);

function parsed(line: string): JournalEntry | undefined {
  try {
    return JSON.parse(line) as JournalEntry;
  } catch {
    return undefined;
  }
}

/** The segments a previous run left, with what of each is still to replay; done ones removed. */
function loadSegments(dir: string): Segment[] {
  const found: Segment[] = [];
  for (const name of readdirSync(dir)) {
    const match = /^(\d{12})\.ndjson$/.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    let done = 0;
    try {
      done = Number(readFileSync(`${file}.done`, 'utf8')) || 0;
    } catch {
      // Nothing of it replayed yet.
    }
    const waiting = linesOf(readFileSync(file, 'utf8'))
      .slice(done)
      .map((line) => {
        const entry = parsed(line);
        return {
          bytes: Buffer.byteLength(line) + 1,
          uplinks: entry?.uplinks.length ?? 0,
          receivedAt: entry?.receivedAt ?? Date.now(),
        };
      });
    if (waiting.length === 0) {
      rmSync(file, { force: true });
      rmSync(`${file}.done`, { force: true });
      continue;
    }
    found.push({ seq: Number(match[1]), waiting, done });
  }
  return found.sort((a, b) => a.seq - b.seq);
}

export type IntakeJournal = ReturnType<typeof createIntakeJournal>;
