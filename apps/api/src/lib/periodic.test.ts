import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodic', () => {
  it('runs first after a minute, then every interval, never two runs at once; stop waits', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: (() => void) | undefined;
    const job = startPeriodic(() => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    }, 3_600_000);
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
});
