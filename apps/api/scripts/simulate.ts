// `npm run simulate`: sends simulated indoor-air uplinks for the demo devices to a running Vahti
// through its ChirpStack webhook (POST /api/ingest/chirpstack), as a ChirpStack server would.
//
//   npm run simulate                          one uplink per device a minute until Ctrl+C
//   npm run simulate -- --backfill-days 7     first the past 7 days (every 15 min), then live
//   npm run simulate -- --once                one round now, then exit
//
// Options (or environment): --url URL (default http://localhost:3000), --key KEY (default the
// demo key in DATA_DIR/demo-ingest-key.txt), --data-dir DATA_DIR (./data), --rate SECONDS between
// live rounds (RATE, 60), --backfill-days N, --backfill-interval MINUTES (15). The devices and
// their payload layouts come from DATA_DIR/demo-devices.json, written by `npm start` in demo mode.
import { parseArgs } from 'node:util';
import { readDemoFiles, type SendTotals, sendUplinks } from '../src/db/demo/simulate-http.js';
import { readingTimes } from '../src/modules/ingest/simulation.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    'data-dir': { type: 'string' },
    rate: { type: 'string' },
    'backfill-days': { type: 'string' },
    'backfill-interval': { type: 'string' },
    once: { type: 'boolean', default: false },
  },
});
const url = args.url ?? process.env.URL ?? 'http://localhost:3000';
const dataDir = args['data-dir'] ?? process.env.DATA_DIR ?? './data';
const rateSeconds = Number(args.rate ?? process.env.RATE ?? 60);
const backfillDays = Number(args['backfill-days'] ?? 0);
const backfillMinutes = Number(args['backfill-interval'] ?? 15);
const files = readDemoFiles(dataDir);
const key = args.key ?? process.env.KEY ?? files.key;

if (!key || files.devices.length === 0) {
  console.error(
    `No ${key ? 'devices' : 'ingest key'} found in ${dataDir}: start Vahti with demo data first (npm start), or give --data-dir / --key.`,
  );
  process.exit(1);
}
if (!(rateSeconds >= 1) || !(backfillDays >= 0) || !(backfillMinutes >= 1)) {
  console.error('--rate must be ≥ 1 s, --backfill-days ≥ 0 and --backfill-interval ≥ 1 min.');
  process.exit(1);
}

const report = (what: string, t: SendTotals) =>
  console.log(
    `${what}: ${t.sent} uplinks, ${t.stored} stored, ${t.duplicates} already there, ${t.rejected} rejected, ${t.failed} failed`,
  );
const onError = (message: string) => console.error(message);

console.log(`Sending to ${url} for ${files.devices.length} devices.`);
if (backfillDays > 0) {
  const now = Date.now();
  const times = readingTimes(now - backfillDays * 86_400_000, now, backfillMinutes * 60_000);
  report(
    `Back-fill of ${backfillDays} days`,
    await sendUplinks({ url, key, devices: files.devices, times, concurrency: 8, onError }),
  );
}

process.on('SIGINT', () => process.exit(0));
const rateMs = rateSeconds * 1000;
for (;;) {
  const at = Math.floor(Date.now() / rateMs) * rateMs;
  report(
    new Date(at).toISOString(),
    await sendUplinks({ url, key, devices: files.devices, times: [at], onError }),
  );
  if (args.once) break;
  await new Promise((resolve) => setTimeout(resolve, rateMs));
}
