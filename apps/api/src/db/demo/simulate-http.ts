import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chirpstackUplinkFor, type SimDevice } from '../../modules/ingest/simulation.js';
import { DEMO_INGEST_KEY_FILE } from './ingest.js';
import { DEMO_DEVICES_FILE } from './simulation.js';

// `npm run simulate` (apps/api/scripts/simulate.ts): simulated ChirpStack uplinks sent over HTTP
// to a running Vahti's webhook, exactly as a ChirpStack HTTP integration would send them.

/** The demo ingest key and devices a demo start wrote to DATA_DIR. */
export function readDemoFiles(dataDir: string): { key: string | undefined; devices: SimDevice[] } {
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dataDir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const key = read(DEMO_INGEST_KEY_FILE)?.trim() || undefined;
  const file = read(DEMO_DEVICES_FILE);
  const devices = file ? ((JSON.parse(file) as { devices?: SimDevice[] }).devices ?? []) : [];
  return { key, devices };
}

export interface SendTotals {
  sent: number;
  stored: number;
  duplicates: number;
  rejected: number;
  /** Uplinks answered with an error status (4xx/5xx) or not answered. */
  failed: number;
}

/**
 * Posts each device's uplink for each time to `${url}/api/ingest/chirpstack` with the key,
 * `concurrency` at a time, in time order; adds up the answers.
 */
export async function sendUplinks({
  url,
  key,
  devices,
  times,
  concurrency = 4,
  onError,
}: {
  url: string;
  key: string;
  devices: readonly SimDevice[];
  times: readonly number[];
  concurrency?: number;
  onError?: (message: string) => void;
}): Promise<SendTotals> {
  const endpoint = new URL('/api/ingest/chirpstack?event=up', url);
  const totals: SendTotals = { sent: 0, stored: 0, duplicates: 0, rejected: 0, failed: 0 };
  const jobs = times.flatMap((at) => devices.map((device) => ({ device, at })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      totals.sent += 1;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(chirpstackUplinkFor(job.device, job.at)),
        });
        if (!response.ok) {
          totals.failed += 1;
          onError?.(`${job.device.deviceEui}: HTTP ${response.status} ${await response.text()}`);
          continue;
        }
        const body = (await response.json()) as {
          stored: number;
          duplicates: number;
          rejected?: string[];
        };
        totals.stored += body.stored;
        totals.duplicates += body.duplicates;
        totals.rejected += body.rejected?.length ?? 0;
      } catch (err) {
        totals.failed += 1;
        onError?.(`${job.device.deviceEui}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return totals;
}
