import { describe, expect, it } from 'vitest';
import type { Decoder } from './decoder.js';
import type { DeviceLookup, IngestDevice } from './device-lookup.js';
import { createPrepare, REJECTED_BODY_MAX } from './prepare.js';
import type { Uplink } from './types.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const EUI = '70B3D57ED0000001';
const device: IngestDevice = {
  deviceId: 'd1',
  deviceEui: EUI,
  deviceTypeId: 't1',
  organizationId: 'org',
};
const caller = { keyId: 'k', organizationId: 'org' };
const origin = { source: 'webhook', requestId: 'req-1' } as const;

function prepareWith() {
  const asked: string[][] = [];
  const devices: DeviceLookup = {
    byEui: async (_organizationId, euis) => {
      asked.push(euis);
      return new Map([[EUI, device]]);
    },
    byDeviceId: async () => new Map(),
  };
  const decoder: Decoder = {
    decode: async (_scope, _typeId, uplink) =>
      uplink.payload === 'bad' ? { reason: 'payloadTooShort' } : { values: { m: 1 } },
  };
  return { prepare: createPrepare({ devices, decoder, now: () => NOW }), asked };
}

const uplink = (more: Partial<Uplink> = {}): Uplink => ({
  source: 'chirpstack',
  deviceEui: '70-b3-d5-7e-d0-00-00-01',
  time: new Date(NOW - 60_000).toISOString(),
  fCnt: 7,
  dedupId: undefined,
  payload: 'ok',
  decoded: undefined,
  strict: false,
  raw: { some: 'body' },
  ...more,
});

describe('prepare', () => {
  it('turns uplinks into readings keyed by fCnt and time, each once per request', async () => {
    const { prepare, asked } = prepareWith();
    const result = await prepare(caller, [uplink(), uplink(), uplink({ fCnt: 8 })], origin);
    expect(asked).toEqual([[uplink().deviceEui, uplink().deviceEui, uplink().deviceEui]]);
    expect(result.accepted).toBe(3);
    expect(result.rejected).toEqual([]);
    expect(result.readings.map((r) => r.dedupKey)).toEqual([
      `7:${new Date(NOW - 60_000).toISOString()}`,
      `8:${new Date(NOW - 60_000).toISOString()}`,
    ]);
    expect(result.readings[0]).toMatchObject({
      organizationId: 'org',
      deviceId: 'd1',
      receivedAt: new Date(NOW),
      fCnt: 7,
      data: { m: 1 },
    });
    expect(result.scope.organizationId).toBe('org');
    expect(result.origin).toBe(origin);
  });

  it("uses the network server's deduplication id, and the arrival time when there is no time", async () => {
    const { prepare } = prepareWith();
    const { readings } = await prepare(
      caller,
      [uplink({ dedupId: 'abc' }), uplink({ time: undefined, fCnt: 9 })],
      origin,
    );
    expect(readings[0]?.dedupKey).toBe('abc');
    expect(readings[1]).toMatchObject({
      createdAt: new Date(NOW),
      dedupKey: `9:${new Date(NOW).toISOString()}`,
      untimed: true,
    });
  });

  it('rejects unknown devices, bad times and undecodable payloads, keeping the body', async () => {
    const { prepare } = prepareWith();
    const long = 'x'.repeat(REJECTED_BODY_MAX + 10);
    const result = await prepare(
      caller,
      [
        uplink({ deviceEui: '0000000000000000', raw: { long } }),
        uplink({ time: '1999-12-31T23:59:59Z' }),
        uplink({ time: new Date(NOW + 25 * 3600_000).toISOString() }),
        uplink({ time: 'never' }),
        uplink({ payload: 'bad' }),
      ],
      origin,
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'unknownDevice',
      'invalidTime',
      'invalidTime',
      'invalidTime',
      'payloadTooShort',
    ]);
    expect(result.rejected[0]).toMatchObject({
      organizationId: 'org',
      source: 'chirpstack',
      deviceEui: '0000000000000000',
      bodyBytes: JSON.stringify({ long }).length,
    });
    expect(result.rejected[0]?.body).toHaveLength(REJECTED_BODY_MAX);
    expect(result.readings).toEqual([]);
    expect(result.accepted).toBe(0);
  });

  it('takes RFC 3339 times only, naming the field of a bad one', async () => {
    const { prepare } = prepareWith();
    // Each of these `new Date()` reads as some day: 2000-01-01, 2 March, 10:00 server time.
    const loose = [
      '0',
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '2026-11-26 10:00:00Z',
      '2026-11-26T10:00:00',
    ];
    const result = await prepare(
      caller,
      [
        ...loose.map((time) => uplink({ time })),
        uplink({ source: 'ttn', time: '2026-13-01T00:00:00Z' }),
        uplink({ time: '2026-11-26T13:00:00.123456789+02:00' }),
      ],
      origin,
    );
    expect(result.rejected.map((r) => [r.reason, r.field])).toEqual([
      ...loose.map(() => ['invalidTime', 'time']),
      ['invalidTime', 'received_at'],
    ]);
    expect(result.readings.map((r) => r.createdAt)).toEqual([
      new Date(Date.UTC(2026, 10, 26, 11, 0, 0, 123)),
    ]);
  });
});
