import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

const silentLog = { warn: () => {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodic', () => {
  it('runs first after a minute, then every interval, never two runs at once; stop waits', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: (() => void) | undefined;
    const job = startPeriodic({
      name: 'test job',
      intervalMs: 3_600_000,
      log: silentLog,
      task: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running when the next is due: not started twice.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(runs).toBe(2);
  });

  it('logs a failed round and runs the next one', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    let runs = 0;
    const job = startPeriodic({
      name: 'failing job',
      intervalMs: 1_000,
      log: { warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? '') },
      task: async () => {
        runs += 1;
        throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(runs).toBe(2);
    expect(warnings).toEqual(['failing job failed', 'failing job failed']);
    await job.stop();
  });
});
