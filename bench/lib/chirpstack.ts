import http from 'node:http';

const PAYLOAD = Buffer.alloc(32).toString('base64');

/**
 * A ChirpStack v4 `up` event as the benches send it (integration.proto UplinkEvent, 32 zero bytes
 * of payload, rx_info and tx_info as ChirpStack sends them).
 */
export function chirpstackUp(eui: string, time: Date, fCnt: number, uplinkId: number): string {
  return JSON.stringify({
    deduplicationId: crypto.randomUUID(),
    time: time.toISOString(),
    deviceInfo: { devEui: eui },
    fCnt,
    fPort: 2,
    data: PAYLOAD,
    rxInfo: [{ gatewayId: '0016c001f153a14c', uplinkId, rssi: -87, snr: 7.5, channel: 2 }],
    txInfo: {
      frequency: 868_500_000,
      modulation: { lora: { bandwidth: 125_000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
    },
  });
}

/**
 * Posts a ChirpStack body to `address`'s webhook with the ingest key over the agent's keep-alive
 * sockets (node:http: fetch costs the sender more CPU than the server's path); its status, 0 when
 * the request failed.
 */
export function postChirpstack(
  agent: http.Agent,
  address: string,
  key: string,
  body: string,
): Promise<number> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        method: 'POST',
        path: '/api/ingest/chirpstack?event=up',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}
