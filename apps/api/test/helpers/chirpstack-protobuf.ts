// ChirpStack v4 UplinkEvents in the Protobuf wire format, written field by field from the
// published integration.proto (api/proto/integration/integration.proto) with @bufbuild/protobuf's
// low-level writer: independent of the descriptor the API decodes with, so a wrong field number
// or type there fails the tests. Radio metadata (gw.proto) and tags are written too, as ChirpStack
// sends them.
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

export interface UplinkEventFields {
  deduplicationId: string;
  /** RFC 3339 */
  time: string;
  devEui: string;
  fCnt: number;
  /** base64 FRMPayload */
  data?: string;
  /** google.protobuf.Struct of numbers (the device profile's codec output). */
  object?: Record<string, number>;
  /** rx_info per gateway; default one gateway at -57 dBm, 9.25 dB. */
  rxInfo?: { gatewayId: string; rssi: number; snr: number }[];
  /** tx_info.modulation.lora.spreading_factor; default 9. */
  spreadingFactor?: number;
}

/** A google.protobuf.Timestamp { int64 seconds = 1; int32 nanos = 2; } of an RFC 3339 time. */
function timestamp(w: BinaryWriter, field: number, time: string) {
  const at = new Date(time).getTime();
  w.tag(field, LEN).fork();
  w.tag(1, WireType.Varint).int64(Math.floor(at / 1000));
  w.tag(2, WireType.Varint).int32((at % 1000) * 1_000_000);
  w.join();
}

/** DeviceInfo { tenant_id 1, tenant_name 2, …, device_name 7, dev_eui 8, tags 9 (map) } */
function deviceInfo(w: BinaryWriter, devEui: string) {
  w.tag(3, LEN).fork();
  w.tag(1, LEN).string('52f14cd4-c6f1-4fbd-8f87-4025e1d49242');
  w.tag(2, LEN).string('ChirpStack');
  w.tag(7, LEN).string('kellarin anturi');
  w.tag(8, LEN).string(devEui);
  w.tag(9, LEN).fork().tag(1, LEN).string('kerros').tag(2, LEN).string('K').join();
  w.join();
}

const LEN = WireType.LengthDelimited;

export function uplinkEventBytes(event: UplinkEventFields): Buffer {
  const w = new BinaryWriter();
  // 1 deduplication_id, 2 time, 3 device_info
  w.tag(1, LEN).string(event.deduplicationId);
  timestamp(w, 2, event.time);
  deviceInfo(w, event.devEui);
  // 4 dev_addr, 5 adr, 6 dr, 7 f_cnt, 8 f_port
  w.tag(4, LEN).string('01fb0a51');
  w.tag(5, WireType.Varint).bool(true);
  w.tag(6, WireType.Varint).uint32(5);
  w.tag(7, WireType.Varint).uint32(event.fCnt);
  w.tag(8, WireType.Varint).uint32(1);
  // 10 data
  if (event.data !== undefined) w.tag(10, LEN).bytes(Buffer.from(event.data, 'base64'));
  // 11 object: Struct { map<string, Value> fields = 1 }, Value { double number_value = 2 }
  if (event.object) {
    w.tag(11, LEN).fork();
    for (const [key, value] of Object.entries(event.object)) {
      w.tag(1, LEN).fork();
      w.tag(1, LEN).string(key);
      w.tag(2, LEN).fork().tag(2, WireType.Bit64).double(value).join();
      w.join();
    }
    w.join();
  }
  // 12 rx_info, repeated gw.UplinkRxInfo { gateway_id 1, uplink_id 2, ns_time 17, rssi 6 (int32),
  // snr 7 (float), channel 8 }
  for (const rx of event.rxInfo ?? [{ gatewayId: '0016c001ff10a235', rssi: -57, snr: 9.25 }]) {
    w.tag(12, LEN).fork();
    w.tag(1, LEN).string(rx.gatewayId);
    w.tag(2, WireType.Varint).uint32(4242);
    timestamp(w, 17, event.time);
    w.tag(6, WireType.Varint).int32(rx.rssi);
    w.tag(7, WireType.Bit32).float(rx.snr);
    w.tag(8, WireType.Varint).uint32(2);
    w.join();
  }
  // 13 tx_info: gw.UplinkTxInfo { frequency 1, modulation 2: Modulation { lora 3:
  // LoraModulationInfo { bandwidth 1, spreading_factor 2, code_rate 5 (enum) } } }
  w.tag(13, LEN).fork();
  w.tag(1, WireType.Varint).uint32(868_100_000);
  w.tag(2, LEN).fork().tag(3, LEN).fork();
  w.tag(1, WireType.Varint).uint32(125_000);
  w.tag(2, WireType.Varint).uint32(event.spreadingFactor ?? 9);
  w.tag(5, WireType.Varint).int32(1);
  w.join().join();
  w.join();
  // 16 region_config_id
  w.tag(16, LEN).string('eu868');
  return Buffer.from(w.finish());
}

/**
 * A StatusEvent { deduplication_id 1, time 2, device_info 3, margin 5 (int32),
 * external_power_source 6, battery_level_unavailable 7, battery_level 8 (float) }. proto3 writes
 * no field at its default (0, false), as ChirpStack's encoder does.
 */
export function statusEventBytes(event: {
  deduplicationId: string;
  time: string;
  devEui: string;
  margin: number;
  externalPowerSource?: boolean;
  batteryLevelUnavailable?: boolean;
  batteryLevel?: number;
}): Buffer {
  const w = new BinaryWriter();
  w.tag(1, LEN).string(event.deduplicationId);
  timestamp(w, 2, event.time);
  deviceInfo(w, event.devEui);
  if (event.margin !== 0) w.tag(5, WireType.Varint).int32(event.margin);
  if (event.externalPowerSource) w.tag(6, WireType.Varint).bool(true);
  if (event.batteryLevelUnavailable) w.tag(7, WireType.Varint).bool(true);
  if (event.batteryLevel) w.tag(8, WireType.Bit32).float(event.batteryLevel);
  return Buffer.from(w.finish());
}

/** Bytes that are no Protobuf message: a truncated length-delimited field. */
export const GARBAGE_BYTES = Buffer.from([0x0a, 0x24, 0x31, 0x32, 0xff, 0xfe, 0x00, 0x01]);
