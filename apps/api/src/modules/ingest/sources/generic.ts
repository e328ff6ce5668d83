// Source adapter: Vahti's own generic form, one reading or a batch, brought to normalized uplinks.
// Its values are strict: every key must name a measurement of the device's type.
import type { GenericUplink } from '@vahti/domain';
import type { Uplink } from '../types.js';

export const fromGeneric = (body: GenericUplink | GenericUplink[]): Uplink[] =>
  [body].flat().map((reading) => ({
    source: 'generic' as const,
    deviceEui: reading.deviceEui,
    time: reading.time,
    fCnt: reading.fCnt,
    dedupId: undefined,
    payload: undefined,
    decoded: reading.values,
    strict: true,
    raw: reading,
  }));
