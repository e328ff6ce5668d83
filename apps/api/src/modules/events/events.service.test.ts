import type { AppEvent } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { createInProcessEventBus } from './event-bus.js';
import { createEventsService, STREAMS_PER_USER } from './events.service.js';

const caller = (over: Partial<Caller>): Caller => ({
  userId: 'u1',
  userEmail: 'u1@example.fi',
  userRoles: 'Ylläpitäjä',
  userPermissions: [1],
  organizationId: 'A',
  ...over,
});

function setup(linked: string[] = [], maxStreams = 100) {
  const bus = createInProcessEventBus();
  let reads = 0;
  let clock = 0;
  const refused: string[] = [];
  const events = createEventsService({
    bus,
    maxStreams,
    onRefused: (reason) => refused.push(reason),
    targets: {
      listNames: async () => {
        reads += 1;
        return linked.map((id) => ({ id, targetName: id }));
      },
    },
    now: () => clock,
  });
  const heard: AppEvent[] = [];
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    bus,
    events,
    heard,
    flush,
    refused,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const event = (organizationId: string, targetId: string | null, n = 1) => ({
  organizationId,
  targetId,
  type: 'test.event',
  data: { n },
});

describe('events service', () => {
  it("gives a caller only its organization's events, and unsubscribes", async () => {
    const { bus, events, heard, flush } = setup();
    const close = events.open(caller({}), (e) => heard.push(e));
    bus.publish(event('B', 't-b'));
    bus.publish(event('A', 't-a'));
    await flush();
    expect(heard).toEqual([{ type: 'test.event', targetId: 't-a', data: { n: 1 } }]);
    close();
    bus.publish(event('A', 't-a', 2));
    await flush();
    expect(heard).toHaveLength(1);
  });

  it('gives the top administrator every organization', async () => {
    const { bus, events, heard, flush } = setup();
    events.open(caller({ userRoles: 'Pääylläpitäjä' }), (e) => heard.push(e));
    bus.publish(event('B', null));
    await flush();
    expect(heard).toHaveLength(1);
  });

  it("gives a Käyttäjä only linked targets' events, re-reading the links after 30 s", async () => {
    const s = setup(['t1']);
    s.events.open(caller({ userRoles: 'Käyttäjä' }), (e) => s.heard.push(e));
    s.bus.publish(event('A', 't2', 1));
    s.bus.publish(event('A', 't1', 2));
    s.bus.publish(event('A', null, 3));
    await s.flush();
    await s.flush();
    expect(s.heard.map((e) => e.data.n)).toEqual([2, 3]);
    expect(s.reads()).toBe(1);
    s.advance(31_000);
    s.bus.publish(event('A', 't1', 4));
    await s.flush();
    await s.flush();
    expect(s.reads()).toBe(2);
  });

  it('holds 10 streams per user and EVENT_STREAMS_MAX in all; a closed stream frees its slot', () => {
    const { events, refused } = setup([], 12);
    const statusOf = (userId: string) => {
      try {
        events.open(caller({ userId }), () => {});
        return 200;
      } catch (err) {
        return err instanceof AppError ? `${err.statusCode} ${err.code}` : 'thrown';
      }
    };
    const closers = Array.from({ length: STREAMS_PER_USER }, () =>
      events.open(caller({ userId: 'u1' }), () => {}),
    );
    expect(statusOf('u1')).toBe('429 TOO_MANY_EVENT_STREAMS');
    expect(events.counts()).toEqual({ streams: 10, users: 1, mostOfOneUser: 10 });
    // Closing twice gives back one slot, not two.
    closers[0]?.();
    closers[0]?.();
    expect(events.counts()).toEqual({ streams: 9, users: 1, mostOfOneUser: 9 });
    expect(statusOf('u1')).toBe(200);
    expect(statusOf('u1')).toBe('429 TOO_MANY_EVENT_STREAMS');
    // 10 of u1 and 2 of u2 fill the instance's 12.
    expect(statusOf('u2')).toBe(200);
    expect(statusOf('u2')).toBe(200);
    expect(statusOf('u3')).toBe('503 EVENT_STREAMS_FULL');
    expect(events.counts()).toEqual({ streams: 12, users: 2, mostOfOneUser: 10 });
    expect(refused).toEqual(['user', 'user', 'instance']);
    for (const close of closers) close();
    expect(events.counts()).toEqual({ streams: 3, users: 2, mostOfOneUser: 2 });
    expect(statusOf('u3')).toBe(200);
  });
});
