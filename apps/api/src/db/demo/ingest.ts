import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import {
  ingestKeyHash,
  ingestKeyShown,
  newIngestKey,
} from '../../modules/ingest/ingest-keys.service.js';
import type { Db } from '../client.js';
import { devices, ingestKeys } from '../schema/index.js';

/** The demo ingest key's plaintext is kept here, since the database holds only its hash. */
export const DEMO_INGEST_KEY_FILE = 'demo-ingest-key.txt';

/**
 * An ingest key for each demo organization (the other one's too, for isolation); the first
 * organization's key is written to DATA_DIR so `npm start` can print it.
 */
export async function seedDemoIngestKeys(db: Db, organizationIds: string[], dataDir?: string) {
  const keys = organizationIds.map(() => newIngestKey());
  await db.insert(ingestKeys).values(
    organizationIds.map((organizationId, i) => {
      const key = keys[i] as string;
      return {
        organizationId,
        name: 'Demo-verkkopalvelin',
        prefix: ingestKeyShown(key),
        keyHash: ingestKeyHash(key),
      };
    }),
  );
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, DEMO_INGEST_KEY_FILE), `${keys[0]}\n`, { mode: 0o600 });
  }
}

/** The demo ingest key written by an earlier seed, and the DevEUIs of its organization. */
export async function readDemoIngest(db: Db, dataDir: string) {
  let key: string | undefined;
  try {
    key = readFileSync(path.join(dataDir, DEMO_INGEST_KEY_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
  const [row] = await db
    .select({ organizationId: ingestKeys.organizationId })
    .from(ingestKeys)
    .where(eq(ingestKeys.keyHash, ingestKeyHash(key ?? '')));
  if (!key || !row) return undefined;
  const euis = await db
    .select({ eui: devices.deviceEui, name: devices.deviceName })
    .from(devices)
    .where(eq(devices.organizationId, row.organizationId))
    .orderBy(asc(devices.deviceEui))
    .limit(20);
  return { key, euis };
}
