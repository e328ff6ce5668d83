import { chirpstackStatus, chirpstackUplink, ttnUplink } from '@vahti/domain';
import { describe, expect, it } from 'vitest';
import {
  chirpstackStatusJson,
  chirpstackUpJson,
  thingsStackUplink,
} from '../../../../test/fixtures/network-server-events.js';
import {
  statusEventBytes,
  uplinkEventBytes,
} from '../../../../test/helpers/chirpstack-protobuf.js';
import { fromChirpstack } from './chirpstack.js';
import {
  chirpstackStatusFromProtobuf,
  chirpstackUplinkFromProtobuf,
} from './chirpstack-protobuf.js';
import { radioOf } from './radio.js';
import { fromThingsStack } from './things-stack.js';

describe('radio metadata of an uplink (device health)', () => {
  it('reads ChirpStack JSON: the best RSSI and SNR of its gateways, SF and frequency', () => {
    const uplink = fromChirpstack(chirpstackUplink.parse(chirpstackUpJson));
    expect(uplink.radio).toEqual({
      rssi: -87,
      snr: 7.25,
      gateways: 2,
      gatewayId: '0016c001f1500a2b',
      spreadingFactor: 11,
      frequency: 867_100_000,
    });
    expect([uplink.fPort, uplink.fCnt]).toEqual([1, 10]);
  });

  it('reads ChirpStack Protobuf rx_info and tx_info into the same figures', () => {
    const bytes = uplinkEventBytes({
      deduplicationId: chirpstackUpJson.deduplicationId,
      time: chirpstackUpJson.time,
      devEui: '0101010101010101',
      fCnt: 10,
      data: 'qg==',
      rxInfo: [
        { gatewayId: '0016c001f153a14c', rssi: -106, snr: -3.5 },
        // A float32 that is not exact in binary: kept to two decimals.
        { gatewayId: '0016c001f1500a2b', rssi: -87, snr: 7.4 },
      ],
      spreadingFactor: 11,
    });
    const json = chirpstackUplinkFromProtobuf(bytes);
    const uplink = fromChirpstack(chirpstackUplink.parse(json));
    expect(uplink.radio).toEqual({
      rssi: -87,
      snr: 7.4,
      gateways: 2,
      gatewayId: '0016c001f1500a2b',
      spreadingFactor: 11,
      frequency: 868_100_000,
    });
  });

  it('reads The Things Stack rx_metadata and settings (frequency a string)', () => {
    const uplink = fromThingsStack(ttnUplink.parse(thingsStackUplink));
    expect(uplink.radio).toEqual({
      rssi: -35,
      snr: 11.5,
      gateways: 2,
      gatewayId: 'gtw1',
      spreadingFactor: 7,
      frequency: 868_500_000,
    });
    expect([uplink.fPort, uplink.fCnt]).toEqual([2, 490]);
  });

  it('leaves radio out when none was sent, and drops figures of the wrong shape', () => {
    const { rxInfo: _, txInfo: __, ...bare } = chirpstackUpJson;
    expect(fromChirpstack(chirpstackUplink.parse(bare)).radio).toBeUndefined();
    const odd = chirpstackUplink.parse({
      ...bare,
      rxInfo: [{ gatewayId: 'gw', rssi: 'strong', snr: 3 }],
      txInfo: { frequency: -1, modulation: { lora: { spreadingFactor: 42 } } },
    });
    expect(fromChirpstack(odd).radio).toEqual({
      rssi: undefined,
      snr: 3,
      gateways: 1,
      gatewayId: 'gw',
      spreadingFactor: undefined,
      frequency: undefined,
    });
    const broken = chirpstackUplink.parse({ ...bare, rxInfo: 'none' });
    expect(fromChirpstack(broken).radio).toBeUndefined();
    expect(radioOf([], {})).toBeUndefined();
  });
});

describe('ChirpStack status events', () => {
  it('reads the JSON event', () => {
    expect(chirpstackStatus.parse(chirpstackStatusJson)).toMatchObject({
      margin: 7,
      externalPowerSource: false,
      batteryLevel: 85.5,
    });
  });

  it('reads the Protobuf StatusEvent into the JSON body, defaults left out', () => {
    const json = chirpstackStatusFromProtobuf(
      statusEventBytes({
        deduplicationId: chirpstackStatusJson.deduplicationId,
        time: chirpstackStatusJson.time,
        devEui: '0101010101010101',
        margin: -3,
        batteryLevel: 85.5,
      }),
    );
    expect(json).toEqual({
      deduplicationId: chirpstackStatusJson.deduplicationId,
      time: chirpstackStatusJson.time,
      deviceInfo: {
        tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
        tenantName: 'ChirpStack',
        deviceName: 'kellarin anturi',
        devEui: '0101010101010101',
      },
      margin: -3,
      batteryLevel: 85.5,
    });
    expect(chirpstackStatus.safeParse(json).success).toBe(true);
    expect(chirpstackStatusFromProtobuf(Buffer.from([0x0a, 0x24, 0x31]))).toBeNull();
  });

  it('refuses a battery level outside 0–100', () => {
    expect(chirpstackStatus.safeParse({ ...chirpstackStatusJson, batteryLevel: 255 }).success).toBe(
      false,
    );
  });
});
