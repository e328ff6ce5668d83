// Source adapter: a The Things Stack v3 uplink message (webhook, MQTT `…/devices/<id>/up`) brought
// to the one normalized uplink. Reads fields only; decoding is not here.
import type { TtnUplink } from '@vahti/domain';
import type { Uplink } from '../types.js';
import { radioOf } from './radio.js';

/**
 * No deduplication id: the reading's key is fCnt and time. Without dev_eui the device is named
 * by device_id alone (found by it in prepare); `simulated` comes along so prepare keeps it apart.
 */
export const fromThingsStack = (body: TtnUplink): Uplink => ({
  source: 'ttn',
  deviceEui: body.end_device_ids.dev_eui ?? '',
  deviceId: body.end_device_ids.dev_eui === undefined ? body.end_device_ids.device_id : undefined,
  simulated: body.simulated === true || undefined,
  time: body.uplink_message.received_at ?? body.received_at,
  fCnt: body.uplink_message.f_cnt,
  fPort: body.uplink_message.f_port,
  dedupId: undefined,
  payload: body.uplink_message.frm_payload,
  decoded: body.uplink_message.decoded_payload,
  normalized: body.uplink_message.normalized_payload,
  strict: false,
  // rx_metadata per gateway; settings.data_rate.lora and settings.frequency (a string of Hz).
  radio: radioOf(
    body.uplink_message.rx_metadata?.map((m) => ({
      gatewayId: m.gateway_ids?.gateway_id,
      rssi: m.rssi,
      snr: m.snr,
    })),
    {
      spreadingFactor: body.uplink_message.settings?.data_rate?.lora?.spreading_factor,
      frequency: body.uplink_message.settings?.frequency,
    },
  ),
  raw: body,
});
