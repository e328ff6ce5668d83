// ChirpStack v4 UplinkEvents in the Protobuf wire format, written field by field from the
// published integration.proto (api/proto/integration/integration.proto) with @bufbuild/protobuf's
// low-level writer: independent of the descriptor the API decodes with, so a wrong field number
// or type there fails the tests. Radio metadata and tags are written too, as ChirpStack sends them.
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
}

const LEN = WireType.LengthDelimited;

export function uplinkEventBytes(event: UplinkEventFields): Buffer {
  const at = new Date(event.time).getTime();
  const w = new BinaryWriter();
  // 1 deduplication_id
  w.tag(1, LEN).string(event.deduplicationId);
  // 2 time: google.protobuf.Timestamp { int64 seconds = 1; int32 nanos = 2; }
  w.tag(2, LEN).fork();
  w.tag(1, WireType.Varint).int64(Math.floor(at / 1000));
  w.tag(2, WireType.Varint).int32((at % 1000) * 1_000_000);
  w.join();
  // 3 device_info: DeviceInfo { tenant_id 1, …, device_name 7, dev_eui 8, tags 9 (map) }
  w.tag(3, LEN).fork();
  w.tag(1, LEN).string('52f14cd4-c6f1-4fbd-8f87-4025e1d49242');
  w.tag(2, LEN).string('ChirpStack');
  w.tag(7, LEN).string('kellarin anturi');
  w.tag(8, LEN).string(event.devEui);
  w.tag(9, LEN).fork().tag(1, LEN).string('kerros').tag(2, LEN).string('K').join();
  w.join();
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
  // 12 rx_info (gw.UplinkRxInfo: gateway_id 1, uplink_id 2, rssi 5), 13 tx_info (frequency 1)
  w.tag(12, LEN).fork();
  w.tag(1, LEN).string('0016c001ff10a235');
  w.tag(2, WireType.Varint).uint32(4242);
  w.tag(5, WireType.Varint).int32(-57);
  w.join();
  w.tag(13, LEN).fork().tag(1, WireType.Varint).uint32(868_100_000).join();
  // 16 region_config_id
  w.tag(16, LEN).string('eu868');
  return Buffer.from(w.finish());
}

/** Bytes that are no Protobuf message: a truncated length-delimited field. */
export const GARBAGE_BYTES = Buffer.from([0x0a, 0x24, 0x31, 0x32, 0xff, 0xfe, 0x00, 0x01]);
