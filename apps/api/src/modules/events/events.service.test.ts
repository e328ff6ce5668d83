import type { AppEvent } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/caller.js';
import { createInProcessEventBus } from './event-bus.js';
import { createEventsService } from './events.service.js';

const caller = (over: Partial<Caller>): Caller => ({
  userId: 'u1',
  userEmail: 'u1@example.fi',
  userRoles: 'Ylläpitäjä',
  userPermissions: [1],
  organizationId: 'A',
  ...over,
});

function setup(linked: string[] = []) {
  const bus = createInProcessEventBus();
  let reads = 0;
  let clock = 0;
  const events = createEventsService({
    bus,
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
});
