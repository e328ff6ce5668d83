import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import { outboxScreen } from '../../modules/mail/mailer.js';
import type { Db } from '../client.js';
import { DEMO_LOGINS, DEMO_PASSWORD, readDemoRegistrationCode } from '../seed.js';
import { readDemoIngest } from './ingest.js';
import type { DemoSimulation } from './simulation.js';

// What `npm start` prints for the person who started it: the URL, and with demo data the logins,
// the registration code, the ingest key and the devices. Printed last, once the demo back-fill is
// done, and kept in DATA_DIR/README.txt, since one log line per request soon scrolls it away.

/** The start banner's text, kept beside the demo data for when the terminal has scrolled on. */
export const BANNER_FILE = 'README.txt';

/**
 * Writes lines where the logger writes, after every line it was handed before. Fastify's pino
 * writes stdout asynchronously: a console.log would overtake the lines still queued (pino keeps
 * its destination under the symbol `pino.stream`, its public `pino.symbols.streamSym`).
 */
export function printLines(log: FastifyBaseLogger, lines: readonly string[]) {
  const text = `${lines.join('\n')}\n`;
  for (let o: object | null = log; o; o = Object.getPrototypeOf(o)) {
    const symbol = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.stream');
    const stream = symbol && (o as Record<symbol, { write?: (s: string) => unknown }>)[symbol];
    if (typeof stream?.write === 'function') {
      stream.write(text);
      return;
    }
  }
  process.stdout.write(text);
}

/** "30 days", "5 hours", "12 minutes": how much the back-fill has to do. */
export function spanText(ms: number) {
  const hours = ms / 3_600_000;
  if (hours >= 48) return `${Math.round(hours / 24)} days`;
  if (hours >= 2) return `${Math.round(hours)} hours`;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Said when the back-fill starts: the portal answers meanwhile, the logins follow. */
export function backfillNotice(
  publicUrl: string,
  { ms, devices }: { ms: number; devices: number },
) {
  return [
    '',
    `Back-filling ${spanText(ms)} of demo readings for ${devices} devices… the portal already answers at ${publicUrl}; the demo logins follow when it is done.`,
    '',
  ];
}

/** The banner's lines: URL and database; with demo data the logins, codes and devices. */
export async function startBannerLines({
  config,
  db,
  databaseKind,
  seeded,
  simulation,
  seconds,
}: {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'demo' | 'smtpUrl'>;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  /** The demo data was loaded by this start (else it may have been changed or removed). */
  seeded: boolean;
  simulation: DemoSimulation | undefined;
  /** From the start of the process to the banner. */
  seconds: number;
}) {
  const where = databaseKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    `Vahti is running at ${config.publicUrl}  (database: ${where}; ready in ${seconds.toFixed(1)} s)`,
  ];
  if (!config.demo) return lines;
  lines.push(
    seeded ? 'Demo data loaded. Demo logins:' : 'Demo logins (if the demo data is still there):',
  );
  for (const login of DEMO_LOGINS) {
    lines.push(
      `  ${login.email.padEnd(30)} ${DEMO_PASSWORD}   ${login.role}, oikeudet ${login.permissions.join(',')}`,
    );
  }
  const code = readDemoRegistrationCode(config.dataDir);
  if (code) lines.push(`Demo registration code: ${code}`);
  const ingest = await readDemoIngest(db, config.dataDir);
  if (ingest) {
    lines.push(`Demo ingest key: ${ingest.key}`);
    lines.push(`Demo devices (deviceEui): ${ingest.euis.map((d) => d.eui).join(', ')}`);
  }
  const top = DEMO_LOGINS.find((login) => login.role === 'Pääylläpitäjä');
  if (!config.smtpUrl && top) {
    // Mail is never logged (it may hold a reset link or a code): this is where to read it.
    lines.push(
      `Mail (reset links, registration codes) is kept in the outbox, not sent: ${outboxScreen(config.publicUrl)} (as ${top.email})`,
    );
  }
  if (simulation) {
    const b = simulation.backfilled;
    lines.push(
      `Simulated sensors: ${b.stored} readings back-filled for ${b.devices} devices in ${b.seconds.toFixed(1)} s; one uplink per device a minute follows (SIMULATE=0 turns this off; npm run simulate sends more over HTTP)`,
    );
  }
  return lines;
}

/**
 * Prints the banner as the last line of start-up and, with demo data, writes the same text to
 * DATA_DIR/README.txt (owner-only: it holds the demo ingest key). It holds nothing the terminal
 * did not show: no JWT secret, no SMTP or database credential.
 */
export async function printStartBanner(
  log: FastifyBaseLogger,
  options: Parameters<typeof startBannerLines>[0],
) {
  const lines = await startBannerLines(options);
  const { config } = options;
  let kept: string | undefined;
  if (config.demo) {
    kept = path.join(config.dataDir, BANNER_FILE);
    try {
      writeFileSync(kept, `${lines.join('\n')}\n`, { mode: 0o600 });
    } catch (err) {
      log.warn({ err }, `could not write ${kept}`);
      kept = undefined;
    }
  }
  printLines(log, ['', ...lines, ...(kept ? [`(The lines above are kept in ${kept}.)`] : []), '']);
}
