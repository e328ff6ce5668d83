import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

/** A writer whose groups are recorded; an item 'bad' fails any group it is in. */
function recording(settings: { maxRows: number; delayMs: number; flushes: number }) {
  const groups: string[][] = [];
  const writer = createGroupCommit<string, string>({
    settings,
    sizeOf: (item) => (item.startsWith('big') ? 5 : 1),
    commitGroup: async (items) => {
      groups.push(items);
      if (items.includes('bad')) throw new Error('refused');
      return items.map((item) => `${item} ok`);
    },
  });
  return { writer, groups };
}

describe('group commit', () => {
  it('writes items handed in together as one group once maxRows wait, answering each', async () => {
    const { writer, groups } = recording({ maxRows: 3, delayMs: 1000, flushes: 1 });
    const results = await Promise.all(['a', 'b', 'c'].map((item) => writer.write(item)));
    expect(results).toEqual(['a ok', 'b ok', 'c ok']);
    expect(groups).toEqual([['a', 'b', 'c']]);
    expect(writer.stats()).toEqual({ groups: 1, items: 3, retried: 0 });
  });

  it('never splits an item: one larger than maxRows is a group of its own', async () => {
    const { writer, groups } = recording({ maxRows: 3, delayMs: 1000, flushes: 1 });
    const pending = [writer.write('a'), writer.write('big'), writer.write('b')];
    await writer.drain();
    await Promise.all(pending);
    expect(groups.flat().sort()).toEqual(['a', 'b', 'big']);
    expect(groups.find((group) => group.includes('big'))).toEqual(['big']);
  });

  it('writes a failed group again one item at a time: only the bad item fails', async () => {
    const { writer, groups } = recording({ maxRows: 3, delayMs: 1000, flushes: 1 });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => writer.write(item)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(writer.stats().retried).toBe(3);
  });

  it('drain writes what waits without waiting for the delay', async () => {
    const { writer, groups } = recording({ maxRows: 100, delayMs: 1000, flushes: 1 });
    const pending = [writer.write('a'), writer.write('b')];
    await writer.drain();
    expect(groups).toEqual([['a', 'b']]);
    expect(await Promise.all(pending)).toEqual(['a ok', 'b ok']);
  });
});
