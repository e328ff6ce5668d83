import { DEFAULT_CHANNEL, type NotificationSettingsBody } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { finnishMinutes, nextFinnishTime, withinSpan } from './local-time.js';
import { decide } from './routing.js';

const settings = (over: Partial<NotificationSettingsBody> = {}): NotificationSettingsBody => ({
  email: DEFAULT_CHANNEL,
  push: { ...DEFAULT_CHANNEL, enabled: false },
  ...over,
});
const high = { event: 'opened' as const, breakThrough: 'up' as const, targetId: 't1' };

describe('Finnish time', () => {
  it('reads the Finnish clock in winter and summer time', () => {
    expect(finnishMinutes(new Date('2026-01-15T21:30:00Z'))).toBe(23 * 60 + 30);
    expect(finnishMinutes(new Date('2026-07-15T21:30:00Z'))).toBe(30);
  });

  it('finds the next time the clock shows an hour, across midnight and a DST change', () => {
    expect(nextFinnishTime(new Date('2026-11-27T21:30:00Z'), 7 * 60).toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
    // Summer time begins on 29 March 2026 at 03.00 (01.00 UTC): 07.00 is then 04.00 UTC.
    expect(nextFinnishTime(new Date('2026-03-28T22:00:00Z'), 7 * 60).toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
    // Already that minute: now.
    expect(nextFinnishTime(new Date('2026-11-28T05:00:00Z'), 7 * 60).toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
  });

  it('tells whether a time falls in quiet hours that may cross midnight', () => {
    expect(withinSpan(23 * 60, 22 * 60, 7 * 60)).toBe(true);
    expect(withinSpan(6 * 60 + 59, 22 * 60, 7 * 60)).toBe(true);
    expect(withinSpan(7 * 60, 22 * 60, 7 * 60)).toBe(false);
    expect(withinSpan(13 * 60, 12 * 60, 14 * 60)).toBe(true);
  });
});

describe('routing decisions', () => {
  const night = new Date('2026-11-27T21:30:00Z');
  const quiet = settings({
    email: { ...DEFAULT_CHANNEL, quietHours: { start: '22:00', end: '07:00' } },
  });

  it('sends now by default, and nothing for a kind, event or target not chosen', () => {
    expect(decide(settings(), high, night)).toEqual([{ channel: 'email', send: 'now' }]);
    expect(decide(settings(), { ...high, event: 'closed' }, night)).toEqual([]);
    const upOnly = settings({ email: { ...DEFAULT_CHANNEL, kinds: ['down'] } });
    expect(decide(upOnly, high, night)).toEqual([]);
    const chosen = settings({
      email: { ...DEFAULT_CHANNEL, allTargets: false, targetIds: ['t2'] },
    });
    expect(decide(chosen, high, night)).toEqual([]);
    // A frame-counter reset follows the offline choice.
    const offlineOff = settings({ email: { ...DEFAULT_CHANNEL, kinds: ['up'] } });
    expect(decide(offlineOff, { ...high, breakThrough: 'frameCounterReset' }, night)).toEqual([]);
  });

  it('holds all but critical kinds during quiet hours until they end', () => {
    expect(decide(quiet, high, night)).toEqual([
      {
        channel: 'email',
        send: 'later',
        until: new Date('2026-11-28T05:00:00Z'),
        reason: 'quietHours',
      },
    ]);
    expect(decide(quiet, { ...high, breakThrough: 'offline' }, night)).toEqual([
      { channel: 'email', send: 'now' },
    ]);
    expect(decide(quiet, high, new Date('2026-11-28T10:00:00Z'))).toEqual([
      { channel: 'email', send: 'now' },
    ]);
  });

  it('holds every e-mail for the digest hour, push still goes now', () => {
    const digest = settings({
      email: { ...DEFAULT_CHANNEL, digest: true, digestHour: 8 },
      push: DEFAULT_CHANNEL,
    });
    expect(decide(digest, { ...high, breakThrough: 'offline' }, night)).toEqual([
      {
        channel: 'email',
        send: 'later',
        until: new Date('2026-11-28T06:00:00Z'),
        reason: 'digest',
      },
      { channel: 'push', send: 'now' },
    ]);
  });
});
