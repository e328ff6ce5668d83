// The ingest-key check: which organization a key writes to (one batched lookup by the key's
// SHA-256), and the rate limit on callers with a missing, wrong or revoked key. While the
// database is away, a key it confirmed earlier in this process still names its organization, so
// the webhook's uplinks can go to the intake journal (issue 26); a key revoked meanwhile stops
// once the database answers again.
import DataLoader from 'dataloader';
import { storageFailure, unauthorized } from '../../lib/errors.js';
import { systemScope } from '../../lib/scope.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { BATCHING } from './batching.js';
import type { IngestKeysRepository } from './ingest-keys.repository.js';
import type { IngestCaller } from './types.js';

/** A new ingest key: the prefix marks it as Vahti's, 256 random bits follow. */
export const ingestKeyPrefix = 'vahti_ik_';
const isKeyShaped = (key: string) => key.startsWith(ingestKeyPrefix) && key.length <= 200;

export function createKeyCheck({
  keys,
  rateLimits,
}: {
  keys: Pick<IngestKeysRepository, 'findLive'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
}) {
  const liveKeys = new DataLoader<string, IngestCaller | null>(async (hashes) => {
    const rows = await keys.findLive(systemScope('ingest'), hashes);
    const byHash = new Map(rows.map((row) => [row.keyHash, row]));
    return hashes.map((hash) => {
      const row = byHash.get(hash);
      return row ? { keyId: row.id, organizationId: row.organizationId } : null;
    });
  }, BATCHING);
  /** Keys the database last confirmed live, by hash: only keys that were live, so it stays small. */
  const confirmed = new Map<string, IngestCaller>();
  async function lookup(hash: string): Promise<IngestCaller | null> {
    let caller: IngestCaller | null;
    try {
      caller = await liveKeys.load(hash);
    } catch (err) {
      const known = storageFailure(err) ? confirmed.get(hash) : undefined;
      if (!known) throw err;
      return known;
    }
    if (caller) confirmed.set(hash, caller);
    else confirmed.delete(hash);
    return caller;
  }

  return {
    /**
     * The organization of a live key given as `Authorization: Bearer <key>`. A missing, wrong or
     * revoked key answers 401 and counts against the caller's address; once the address is over
     * its limit, 429. A valid key costs no rate-limit query (the per-uplink path stays one key
     * lookup): the key is 256 random bits, so the limit guards against noise, not guessing.
     */
    async authenticate(authorization: string | undefined, ip: string): Promise<IngestCaller> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
      const key = match?.[1];
      const caller = key && isKeyShaped(key) ? await lookup(sha256Hex(key)) : null;
      if (!caller) {
        await rateLimits.consume([{ rule: 'ingestKeyIp', value: ip }]);
        throw unauthorized('ingest.INGEST_KEY_INVALID');
      }
      return caller;
    },

    /**
     * The organization of a live key given as is (the MQTT subscriber's configured key, checked
     * for every message so a revoked key stops it at once); null when the key is not live. No
     * rate limit: the key comes from the deployment's settings, not from a caller.
     */
    async callerOfKey(key: string): Promise<IngestCaller | null> {
      if (!isKeyShaped(key)) return null;
      return liveKeys.load(sha256Hex(key));
    },
  };
}

export type KeyCheck = ReturnType<typeof createKeyCheck>;
