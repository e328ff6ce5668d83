import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../test/helpers/silent-log.js';
import { createIntakeJournal, type JournalEntry, JournalFullError, UNSTORABLE } from './journal.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-journal-'));
  dirs.push(dir);
  return dir;
};

const entry = (n: number): JournalEntry => ({
  receivedAt: 1_700_000_000_000 + n,
  caller: { keyId: 'k', organizationId: 'o' },
  origin: { source: 'webhook', requestId: `r${n}` },
  uplinks: [
    {
      source: 'chirpstack',
      deviceEui: 'a',
      time: undefined,
      fCnt: n,
      dedupId: `d${n}`,
      payload: 'AA==',
      decoded: undefined,
      strict: false,
      raw: { n },
    },
  ],
});

const POLL = { timeout: 10_000, interval: 20 };

describe('the intake journal', () => {
  it('replays what was appended, in order, and empties itself', async () => {
    const journal = createIntakeJournal({ dir: newDir(), maxBytes: 1e9, log: silentLog() });
    await Promise.all(Array.from({ length: 450 }, (_, i) => journal.append(entry(i))));
    expect(journal.status()).toMatchObject({ entries: 450, uplinks: 450 });
    const replayed: number[] = [];
    journal.start(async (entries) => {
      replayed.push(...entries.map((e) => e.uplinks[0]?.fCnt ?? -1));
      return [];
    });
    await expect.poll(() => journal.status().entries, POLL).toBe(0);
    // Concurrent appends are written in the order they were made.
    expect(replayed).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(journal.status()).toEqual({ entries: 0, uplinks: 0, bytes: 0, oldestSeconds: 0 });
    await journal.stop();
    expect(readdirSync(journal.dir)).toEqual([]);
  });

  it('tries a chunk again while the database is away, then goes on', async () => {
    const journal = createIntakeJournal({ dir: newDir(), maxBytes: 1e9, log: silentLog() });
    await journal.append(entry(1));
    let attempts = 0;
    journal.start(async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('connect ECONNREFUSED');
      return [];
    });
    await expect.poll(() => journal.status().entries, POLL).toBe(0);
    expect(attempts).toBe(3);
    // An append after the replay went idle wakes it.
    await journal.append(entry(2));
    await expect.poll(() => journal.status().entries, POLL).toBe(0);
    expect(attempts).toBe(4);
    await journal.stop();
  });

  it('after a crash replays only what was not done, and leaves out a line cut mid-write', async () => {
    const dir = newDir();
    const first = createIntakeJournal({ dir, maxBytes: 1e9, log: silentLog() });
    for (let i = 0; i < 250; i++) await first.append(entry(i));
    // The first chunk (200 entries) commits; the process dies during the second.
    let chunks = 0;
    first.start(async () => {
      chunks += 1;
      if (chunks > 1) await new Promise(() => {});
      return [];
    });
    await expect.poll(() => first.status().entries, POLL).toBe(50);
    // What a crash during an append leaves: a line without its end (never answered).
    const [segment] = readdirSync(dir).filter((name) => name.endsWith('.ndjson'));
    appendFileSync(path.join(dir, segment as string), '{"receivedAt":17000');

    const second = createIntakeJournal({ dir, maxBytes: 1e9, log: silentLog() });
    expect(second.status()).toMatchObject({ entries: 51, uplinks: 50 });
    const replayed: number[] = [];
    second.start(async (entries) => {
      replayed.push(...entries.map((e) => e.uplinks[0]?.fCnt ?? -1));
      return [];
    });
    await expect.poll(() => second.status().entries, POLL).toBe(0);
    expect(replayed).toEqual(Array.from({ length: 50 }, (_, i) => 200 + i));
    await second.stop();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps apart, synced, what could be neither stored nor rejected, and goes on behind it', async () => {
    const journal = createIntakeJournal({ dir: newDir(), maxBytes: 1e9, log: silentLog() });
    for (let i = 0; i < 5; i++) await journal.append(entry(i));
    const replayed: number[] = [];
    // Entry 1's organization was removed while it waited: it comes back from every replay.
    journal.start(async (entries) => {
      replayed.push(...entries.map((e) => e.uplinks[0]?.fCnt ?? -1));
      return entries.filter((e) => e.uplinks[0]?.fCnt === 1);
    });
    await expect.poll(() => journal.status().entries, POLL).toBe(0);
    expect(replayed).toEqual([0, 1, 2, 3, 4]);
    await journal.stop();
    expect(readdirSync(journal.dir)).toEqual([UNSTORABLE]);
    const kept = readFileSync(path.join(journal.dir, UNSTORABLE), 'utf8').trim().split('\n');
    expect(kept.map((line) => JSON.parse(line))).toEqual([entry(1)]);
    // A later run does not take it for a segment to replay.
    expect(
      createIntakeJournal({ dir: journal.dir, maxBytes: 1e9, log: silentLog() }).status(),
    ).toMatchObject({ entries: 0 });
  });

  it('refuses an append past its size, and takes them again once replayed', async () => {
    const line = Buffer.byteLength(`${JSON.stringify(entry(1))}\n`);
    const journal = createIntakeJournal({ dir: newDir(), maxBytes: line * 2, log: silentLog() });
    await journal.append(entry(1));
    await journal.append(entry(2));
    await expect(journal.append(entry(3))).rejects.toBeInstanceOf(JournalFullError);
    journal.start(async () => []);
    await expect.poll(() => journal.status().bytes, POLL).toBe(0);
    await journal.append(entry(4));
    await journal.stop();
  });

  it('counts the age of the oldest entry waiting', async () => {
    let now = 1_700_000_000_000;
    const journal = createIntakeJournal({
      dir: newDir(),
      maxBytes: 1e9,
      log: silentLog(),
      now: () => now,
    });
    await journal.append(entry(0));
    now += 42_000;
    expect(journal.status().oldestSeconds).toBe(42);
    await journal.stop();
  });
});
