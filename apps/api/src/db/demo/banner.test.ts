import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backfillNotice, printLines, spanText } from './banner.js';

describe('start banner', () => {
  it('says how much the back-fill has to do', () => {
    expect(spanText(30 * 24 * 3_600_000)).toBe('30 days');
    expect(spanText(5 * 3_600_000)).toBe('5 hours');
    expect(spanText(60_000)).toBe('1 minute');
    expect(spanText(15 * 60_000)).toBe('15 minutes');
    expect(
      backfillNotice('http://localhost:3000', { ms: 30 * 24 * 3_600_000, devices: 12 }),
    ).toContain(
      'Back-filling 30 days of demo readings for 12 devices… the portal already answers at http://localhost:3000; the demo logins follow when it is done.',
    );
  });

  it("writes through the logger's own stream, behind the lines it still holds", () => {
    const written: string[] = [];
    // pino keeps its destination under Symbol('pino.stream') on the logger's prototype chain.
    const root = { [Symbol('pino.stream')]: { write: (s: string) => written.push(s) } };
    const log = Object.create(root) as FastifyBaseLogger;
    printLines(log, ['a', 'b']);
    expect(written).toEqual(['a\nb\n']);
  });
});
