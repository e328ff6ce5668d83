// Source adapter: a ChirpStack v4 uplink event (HTTP integration `?event=up`, MQTT integration
// `…/event/up`) brought to the one normalized uplink. Reads fields only; decoding is not here.
import type { ChirpstackUplink } from '@vahti/domain';
import type { Uplink } from '../types.js';

/** deduplicationId is ChirpStack's own id of the uplink across gateways: the reading's key. */
export const fromChirpstack = (body: ChirpstackUplink): Uplink => ({
  source: 'chirpstack',
  deviceEui: body.deviceInfo.devEui,
  time: body.time,
  fCnt: body.fCnt,
  fPort: body.fPort,
  dedupId: body.deduplicationId,
  payload: body.data,
  decoded: body.object,
  strict: false,
  raw: body,
});
