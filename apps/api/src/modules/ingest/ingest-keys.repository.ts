import type { IngestKeyRecord } from '@vahti/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { ingestKeys } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

const columns = {
  id: ingestKeys.id,
  organizationId: ingestKeys.organizationId,
  name: ingestKeys.name,
  prefix: ingestKeys.prefix,
  createdAt: ingestKeys.createdAt,
  revokedAt: ingestKeys.revokedAt,
};

type Row = { createdAt: Date; revokedAt: Date | null } & Omit<
  IngestKeyRecord,
  'createdAt' | 'revokedAt'
>;

export const toIngestKeyRecord = (row: Row): IngestKeyRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Ingest keys: the admin calls within the caller's scope; a webhook finds its key by hash. */
export function createIngestKeysRepository(db: Db) {
  /** Live keys by hash (an array bound as one parameter), in every organization or in one. */
  const live = (inOrganization: boolean) =>
    db
      .select({
        id: ingestKeys.id,
        organizationId: ingestKeys.organizationId,
        keyHash: ingestKeys.keyHash,
      })
      .from(ingestKeys)
      .where(
        and(
          sql`${ingestKeys.keyHash} = any(${sql.placeholder('hashes')}::text[])`,
          isNull(ingestKeys.revokedAt),
          inOrganization
            ? eq(ingestKeys.organizationId, sql.placeholder('organizationId'))
            : undefined,
        ),
      );
  const liveEverywhere = preparedQuery('ingest_keys_live', () => live(false));
  const liveInOrganization = preparedQuery('ingest_keys_live_in_organization', () => live(true));

  return {
    async insert(
      scope: Scope,
      key: {
        organizationId: string;
        name: string;
        prefix: string;
        keyHash: string;
        createdBy: string | null;
      },
    ): Promise<IngestKeyRecord> {
      assertWithin(scope, key.organizationId);
      const [row] = await db.insert(ingestKeys).values(key).returning(columns);
      if (!row) throw new Error('ingest key not stored');
      return toIngestKeyRecord(row);
    },

    async list(scope: Scope, organizationId?: string): Promise<IngestKeyRecord[]> {
      const rows = await db
        .select(columns)
        .from(ingestKeys)
        .where(
          and(
            inScope(ingestKeys.organizationId, scope),
            organizationId ? eq(ingestKeys.organizationId, organizationId) : undefined,
          ),
        )
        .orderBy(desc(ingestKeys.createdAt), desc(ingestKeys.id));
      return rows.map(toIngestKeyRecord);
    },

    /** Revokes the key (keeping the first revokedAt); null when it is not in scope. */
    async revoke(scope: Scope, id: string): Promise<IngestKeyRecord | null> {
      const where = and(eq(ingestKeys.id, id), inScope(ingestKeys.organizationId, scope));
      await db
        .update(ingestKeys)
        .set({ revokedAt: new Date() })
        .where(and(where, isNull(ingestKeys.revokedAt)));
      const [row] = await db.select(columns).from(ingestKeys).where(where);
      return row ? toIngestKeyRecord(row) : null;
    },

    /**
     * The live (not revoked) keys with these hashes, in scope (a webhook uses every organization):
     * concurrent webhooks' keys are looked up in one query, built and prepared once (issue 30).
     */
    async findLive(scope: Scope, keyHashes: readonly string[]) {
      if (keyHashes.length === 0) return [];
      const hashes = [...keyHashes];
      return scope.organizationId === null
        ? liveEverywhere({ hashes })
        : liveInOrganization({ hashes, organizationId: scope.organizationId });
    },
  };
}

export type IngestKeysRepository = ReturnType<typeof createIngestKeysRepository>;
