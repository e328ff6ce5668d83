// Source adapter: a ChirpStack v4 uplink event (HTTP integration `?event=up`, MQTT integration
// `…/event/up`) brought to the one normalized uplink. Reads fields only; decoding is not here.
import type { ChirpstackUplink } from '@vahti/domain';
import type { Uplink } from '../types.js';
import { radioOf } from './radio.js';

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
  // rxInfo per gateway (gw.UplinkRxInfo), txInfo (gw.UplinkTxInfo) of integration.proto.
  radio: radioOf(body.rxInfo, {
    spreadingFactor: body.txInfo?.modulation?.lora?.spreadingFactor,
    frequency: body.txInfo?.frequency,
  }),
  raw: body,
});
