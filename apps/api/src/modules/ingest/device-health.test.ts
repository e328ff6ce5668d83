import { FCNT_RESET_BELOW } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import { findReset, mergeHealth } from './device-health.repository.js';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 18, 9, minute));

describe('device health of a group', () => {
  it('merges per device: the newest uplink’s radio, the newest values, the newest status', () => {
    const rows = mergeHealth([
      { kind: 'uplink', deviceId: 'a', at: at(5), radio: { rssi: -90 }, fPort: 1, fCnt: 7 },
      { kind: 'uplink', deviceId: 'a', at: at(3), radio: { rssi: -60 }, fPort: 2, fCnt: 6 },
      { kind: 'uplink', deviceId: 'a', at: at(4), radio: undefined, fPort: 1, fCnt: 5 },
      { kind: 'status', deviceId: 'a', at: at(1), margin: 3, externalPower: false, battery: 50 },
      {
        kind: 'status',
        deviceId: 'a',
        at: at(2),
        margin: 9,
        externalPower: true,
        battery: undefined,
      },
      { kind: 'uplink', deviceId: 'b', at: at(1), radio: undefined, fPort: undefined, fCnt: 1 },
    ]);
    const a = rows.find((row) => row.deviceId === 'a');
    expect(a).toMatchObject({
      uplinkAt: at(5),
      radio: { rssi: -90 },
      fPort: 1,
      fCnt: 7,
      statusAt: at(2),
      margin: 9,
      externalPower: true,
      statusBattery: null,
    });
    expect(rows).toHaveLength(2);
  });

  it('finds a frame counter that fell to a low number, in time order, not a late uplink', () => {
    const stored = { fCnt: 5120, uplinkAt: at(10) };
    expect(findReset(stored, [{ at: at(11), fCnt: 0 }])).toEqual({
      at: at(11),
      fCnt: 0,
      previous: 5120,
    });
    // Within the group: 300, then 2 (a reset), then 3.
    expect(
      findReset({ fCnt: null, uplinkAt: null }, [
        { at: at(13), fCnt: 3 },
        { at: at(11), fCnt: 300 },
        { at: at(12), fCnt: 2 },
      ]),
    ).toEqual({ at: at(12), fCnt: 2, previous: 300 });
    // An older uplink arriving late, counting on, or falling to a still high number: no reset.
    expect(findReset(stored, [{ at: at(9), fCnt: 1 }])).toBeUndefined();
    expect(findReset(stored, [{ at: at(11), fCnt: 5121 }])).toBeUndefined();
    expect(findReset(stored, [{ at: at(11), fCnt: FCNT_RESET_BELOW }])).toBeUndefined();
    expect(findReset(stored, [{ at: at(11), fCnt: undefined }])).toBeUndefined();
  });
});
