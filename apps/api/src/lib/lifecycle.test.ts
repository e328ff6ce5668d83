import { describe, expect, it } from 'vitest';
import { createLifecycle, type Job, type Phase } from './lifecycle.js';

/** A job that writes `start name` / `stop name` to `log`, waiting a turn in each. */
function job(log: string[], name: string, phase?: Phase, fails?: 'stop'): Job {
  return {
    name,
    ...(phase && { phase }),
    start: async () => {
      await Promise.resolve();
      log.push(`start ${name}`);
    },
    stop: async () => {
      await Promise.resolve();
      log.push(`stop ${name}`);
      if (fails) throw new Error(`${name} failed to stop`);
    },
  };
}

describe('createLifecycle', () => {
  it('starts each phase in list order, one job after the other, and stops in reverse', async () => {
    const log: string[] = [];
    const lifecycle = createLifecycle([
      job(log, 'a'),
      job(log, 'late', 'listening'),
      job(log, 'b'),
      job(log, 'later', 'listening'),
    ]);
    await lifecycle.start('ready');
    expect(log).toEqual(['start a', 'start b']);
    await lifecycle.start('listening');
    await lifecycle.start('ready');
    await lifecycle.stop();
    expect(log).toEqual([
      'start a',
      'start b',
      'start late',
      'start later',
      'stop later',
      'stop late',
      'stop b',
      'stop a',
    ]);
  });

  it('stops only what started, once, and every job when one fails to stop', async () => {
    const log: string[] = [];
    const lifecycle = createLifecycle([
      job(log, 'a'),
      job(log, 'b', 'ready', 'stop'),
      job(log, 'c'),
      job(log, 'never', 'listening'),
    ]);
    await lifecycle.start('ready');
    await expect(lifecycle.stop()).rejects.toThrow('b failed to stop');
    await lifecycle.stop();
    expect(log).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('starts nothing more once stopping, and stops a job whose start was under way', async () => {
    const log: string[] = [];
    let started: () => void = () => {};
    const slow: Job = {
      name: 'slow',
      phase: 'listening',
      start: () =>
        new Promise<void>((resolve) => {
          started = () => {
            log.push('start slow');
            resolve();
          };
        }),
      stop: () => {
        log.push('stop slow');
      },
    };
    const lifecycle = createLifecycle([job(log, 'a'), slow, job(log, 'after', 'listening')]);
    await lifecycle.start('ready');
    const starting = lifecycle.start('listening');
    await lifecycle.stop();
    started();
    await starting;
    await lifecycle.start('listening');
    expect(log).toEqual(['start a', 'stop a', 'start slow', 'stop slow']);
  });
});
