// ChirpStack v4's Protobuf encoding (the integrations' "marshaler" set to Protobuf: the HTTP
// integration posts `Content-Type: application/octet-stream`, the MQTT integration publishes the
// bytes on …/event/up). An UplinkEvent is decoded and written out as the JSON ChirpStack would
// have sent (proto3 JSON: camelCase names, time as RFC 3339, data as base64, object as an object),
// so both encodings go through the same schema, adapter, decoding and dedup.
import { create, createFileRegistry, fromBinary, toJson } from '@bufbuild/protobuf';
import {
  FileDescriptorProtoSchema,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
} from '@bufbuild/protobuf/wkt';

/**
 * The part of `api/proto/integration/integration.proto` (package integration) an uplink and a
 * status event are read by: UplinkEvent's and StatusEvent's fields with their numbers and types as
 * published, DeviceInfo's names and DevEUI, and of `api/proto/gw/gw.proto` the radio fields device
 * health keeps: UplinkRxInfo's gateway_id, rssi, snr, channel; UplinkTxInfo's frequency and
 * modulation; Modulation's lora; LoraModulationInfo's bandwidth and spreading_factor. (gw's
 * messages are declared here beside integration's: a message's name never travels on the wire.)
 * Relay and join-server context, DeviceInfo's tags and class and the other radio fields are left
 * out: they are skipped when decoding, as any field a newer ChirpStack adds.
 */
const field = (name: string, number: number, type: Type, typeName?: string, repeated = false) => ({
  name,
  // As protoc writes it; the JSON names are those of ChirpStack's JSON marshaler.
  jsonName: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  number,
  type,
  label: repeated ? Label.REPEATED : Label.OPTIONAL,
  ...(typeName && { typeName }),
});
const string = (name: string, number: number) => field(name, number, Type.STRING);
const message = (name: string, number: number, typeName: string) =>
  field(name, number, Type.MESSAGE, typeName);

const registry = createFileRegistry(
  create(FileDescriptorProtoSchema, {
    name: 'integration/integration.proto',
    package: 'integration',
    syntax: 'proto3',
    dependency: ['google/protobuf/timestamp.proto', 'google/protobuf/struct.proto'],
    messageType: [
      {
        name: 'DeviceInfo',
        field: [
          string('tenant_id', 1),
          string('tenant_name', 2),
          string('application_id', 3),
          string('application_name', 4),
          string('device_profile_id', 5),
          string('device_profile_name', 6),
          string('device_name', 7),
          string('dev_eui', 8),
        ],
      },
      {
        name: 'UplinkEvent',
        field: [
          string('deduplication_id', 1),
          message('time', 2, '.google.protobuf.Timestamp'),
          message('device_info', 3, '.integration.DeviceInfo'),
          string('dev_addr', 4),
          field('adr', 5, Type.BOOL),
          field('dr', 6, Type.UINT32),
          field('f_cnt', 7, Type.UINT32),
          field('f_port', 8, Type.UINT32),
          field('confirmed', 9, Type.BOOL),
          field('data', 10, Type.BYTES),
          message('object', 11, '.google.protobuf.Struct'),
          field('rx_info', 12, Type.MESSAGE, '.integration.UplinkRxInfo', true),
          message('tx_info', 13, '.integration.UplinkTxInfo'),
          string('region_config_id', 16),
        ],
      },
      {
        name: 'UplinkRxInfo',
        field: [
          string('gateway_id', 1),
          field('uplink_id', 2, Type.UINT32),
          field('rssi', 6, Type.INT32),
          field('snr', 7, Type.FLOAT),
          field('channel', 8, Type.UINT32),
        ],
      },
      {
        name: 'UplinkTxInfo',
        field: [
          field('frequency', 1, Type.UINT32),
          message('modulation', 2, '.integration.Modulation'),
        ],
      },
      // gw.Modulation's oneof parameters: lora = 3 (fsk, lr_fhss skipped).
      { name: 'Modulation', field: [message('lora', 3, '.integration.LoraModulationInfo')] },
      {
        name: 'LoraModulationInfo',
        field: [field('bandwidth', 1, Type.UINT32), field('spreading_factor', 2, Type.UINT32)],
      },
      {
        name: 'StatusEvent',
        field: [
          string('deduplication_id', 1),
          message('time', 2, '.google.protobuf.Timestamp'),
          message('device_info', 3, '.integration.DeviceInfo'),
          field('margin', 5, Type.INT32),
          field('external_power_source', 6, Type.BOOL),
          field('battery_level_unavailable', 7, Type.BOOL),
          field('battery_level', 8, Type.FLOAT),
        ],
      },
    ],
  }),
  (name) =>
    ({
      'google/protobuf/timestamp.proto': file_google_protobuf_timestamp,
      'google/protobuf/struct.proto': file_google_protobuf_struct,
    })[name],
);

const messageOf = (name: string) => {
  const found = registry.getMessage(name);
  if (!found) throw new Error(`${name} missing from its descriptor`);
  return found;
};
const uplinkEvent = messageOf('integration.UplinkEvent');
const statusEvent = messageOf('integration.StatusEvent');

/** ChirpStack's Protobuf content types: its HTTP integration sends application/octet-stream. */
export const CHIRPSTACK_PROTOBUF_TYPES = [
  'application/octet-stream',
  'application/protobuf',
  'application/x-protobuf',
];

/**
 * An UplinkEvent's bytes as the JSON body ChirpStack's JSON marshaler sends, or null when the
 * bytes are no Protobuf message (a wire-format error). Bytes that decode but name no device come
 * out without deviceInfo and are refused by the body's schema like a JSON body without it.
 */
export function chirpstackUplinkFromProtobuf(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    return toJson(uplinkEvent, fromBinary(uplinkEvent, bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * A StatusEvent's bytes as the JSON body ChirpStack's JSON marshaler sends (event=status), or null
 * when the bytes are no Protobuf message.
 */
export function chirpstackStatusFromProtobuf(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    return toJson(statusEvent, fromBinary(statusEvent, bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}
