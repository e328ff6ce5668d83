// The compact radio part of an uplink (device health, issue 25): of all the gateways that heard
// it, the best RSSI and SNR, their count and the best one's id, with the spreading factor and
// frequency of the transmission. Kept per device as the latest figures, never per uplink.
import type { Radio } from '../types.js';

/** One gateway's reception as a source names it. */
export interface Reception {
  gatewayId?: string | undefined;
  rssi?: number | undefined;
  snr?: number | undefined;
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Integer figures (spreading factor, RSSI) within what a column holds, else left out. */
const integer = (value: unknown, min: number, max: number): number | undefined => {
  const n = finite(value);
  return n !== undefined && n >= min && n <= max ? Math.round(n) : undefined;
};

/** The receptions and transmission brought to Radio; undefined when none of it was sent. */
export function radioOf(
  receptions: readonly Reception[] | undefined,
  transmission: { spreadingFactor?: unknown; frequency?: unknown },
): Radio | undefined {
  let best: Reception | undefined;
  let snr: number | undefined;
  for (const reception of receptions ?? []) {
    const rssi = finite(reception.rssi);
    if (rssi !== undefined && (best?.rssi === undefined || rssi > best.rssi)) best = reception;
    const s = finite(reception.snr);
    if (s !== undefined && (snr === undefined || s > snr)) snr = s;
  }
  const frequency =
    typeof transmission.frequency === 'string'
      ? Number(transmission.frequency)
      : finite(transmission.frequency);
  const radio: Radio = {
    rssi: integer(best?.rssi, -200, 50),
    // Protobuf's float 7.4 reads 7.400000095…: two decimals are more than a gateway measures.
    snr: snr !== undefined && snr >= -50 && snr <= 50 ? Math.round(snr * 100) / 100 : undefined,
    gateways: receptions && receptions.length > 0 ? Math.min(receptions.length, 1000) : undefined,
    gatewayId: (best?.gatewayId ?? receptions?.find((r) => r.gatewayId)?.gatewayId)?.slice(0, 64),
    spreadingFactor: integer(transmission.spreadingFactor, 5, 12),
    frequency:
      frequency !== undefined && Number.isInteger(frequency) && frequency > 0 && frequency < 1e10
        ? frequency
        : undefined,
  };
  return Object.values(radio).some((value) => value !== undefined) ? radio : undefined;
}
