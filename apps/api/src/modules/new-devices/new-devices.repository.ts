import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  devices,
  newDeviceDismissals,
  organizations,
  rejectedUplinks,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

/**
 * A kept uplink's DevEUI as devices store it: separators dropped, upper-case (ingest keeps the
 * DevEUI as the uplink wrote it).
 */
const normalEui = sql<string>`upper(regexp_replace(${rejectedUplinks.deviceEui}, '[-:[:space:]]', '', 'g'))`;

/** Uplinks of a DevEUI the organization has no device for, kept by the ingest. */
const unknownOf = (scope: Scope) =>
  and(
    inScope(rejectedUplinks.organizationId, scope),
    eq(rejectedUplinks.reason, 'unknownDevice'),
    sql`${rejectedUplinks.deviceEui} is not null`,
  );

/**
 * The "Uudet laitteet" inbox over the rejected uplinks (reason unknownDevice) and the
 * dismissals: each DevEUI of an organization with its kept uplinks.
 */
export function createNewDevicesRepository(db: Db) {
  return {
    /**
     * Per organization and unknown DevEUI (16 hex digits, neither dismissed nor a device of the
     * organization by now): first and last arrival and how many are kept, newest first.
     */
    async list(scope: Scope, limit: number) {
      const rows = await db
        .select({
          deviceEui: normalEui,
          organizationId: rejectedUplinks.organizationId,
          organizationName: organizations.organizationName,
          firstSeen: sql<string>`min(${rejectedUplinks.receivedAt})`,
          lastSeen: sql<string>`max(${rejectedUplinks.receivedAt})`,
          uplinks: sql<number>`count(*)::int`,
        })
        .from(rejectedUplinks)
        .innerJoin(organizations, eq(organizations.organizationId, rejectedUplinks.organizationId))
        .where(
          and(
            unknownOf(scope),
            sql`${normalEui} ~ '^[0-9A-F]{16}$'`,
            sql`not exists (select 1 from ${newDeviceDismissals} where ${newDeviceDismissals.organizationId} = ${rejectedUplinks.organizationId} and ${newDeviceDismissals.deviceEui} = ${normalEui})`,
            sql`not exists (select 1 from ${devices} where ${devices.organizationId} = ${rejectedUplinks.organizationId} and ${devices.deviceEui} = ${normalEui})`,
          ),
        )
        .groupBy(normalEui, rejectedUplinks.organizationId, organizations.organizationName)
        .orderBy(desc(sql`max(${rejectedUplinks.receivedAt})`), asc(normalEui))
        .limit(limit);
      const at = (value: unknown) => new Date(value as string).toISOString();
      return rows.map((row) => ({
        ...row,
        firstSeen: at(row.firstSeen),
        lastSeen: at(row.lastSeen),
      }));
    },

    /** The newest kept uplink of each DevEUI named, by `<organization id> <DevEUI>`. */
    async newestOf(scope: Scope, euis: string[]) {
      if (euis.length === 0) return new Map<string, { source: string; body: string }>();
      const rows = await db
        .selectDistinctOn([rejectedUplinks.organizationId, normalEui], {
          organizationId: rejectedUplinks.organizationId,
          deviceEui: normalEui,
          source: rejectedUplinks.source,
          body: rejectedUplinks.body,
        })
        .from(rejectedUplinks)
        .where(and(unknownOf(scope), inArray(normalEui, euis)))
        .orderBy(
          rejectedUplinks.organizationId,
          normalEui,
          desc(rejectedUplinks.receivedAt),
          desc(rejectedUplinks.id),
        );
      return new Map(rows.map((row) => [`${row.organizationId} ${row.deviceEui}`, row] as const));
    },

    /** The organization's kept uplinks of the DevEUI, oldest first. */
    async kept(scope: Scope, organizationId: string, deviceEui: string) {
      return db
        .select({
          id: rejectedUplinks.id,
          source: rejectedUplinks.source,
          body: rejectedUplinks.body,
          bodyBytes: rejectedUplinks.bodyBytes,
          receivedAt: rejectedUplinks.receivedAt,
        })
        .from(rejectedUplinks)
        .where(
          and(
            unknownOf(scope),
            eq(rejectedUplinks.organizationId, organizationId),
            eq(normalEui, deviceEui),
          ),
        )
        .orderBy(asc(rejectedUplinks.receivedAt), asc(rejectedUplinks.id));
    },

    /** Removes kept uplinks (replayed ones); returns how many. */
    async remove(scope: Scope, ids: string[]) {
      if (ids.length === 0) return 0;
      const removed = await db
        .delete(rejectedUplinks)
        .where(
          and(inArray(rejectedUplinks.id, ids), inScope(rejectedUplinks.organizationId, scope)),
        )
        .returning({ id: rejectedUplinks.id });
      return removed.length;
    },

    /** Hides the DevEUI from the organization's inbox; dismissing twice keeps the first. */
    async dismiss(scope: Scope, organizationId: string, deviceEui: string) {
      assertWithin(scope, organizationId);
      await db
        .insert(newDeviceDismissals)
        .values({ organizationId, deviceEui, dismissedBy: scope.actor?.userId ?? null })
        .onConflictDoNothing();
    },
  };
}

export type NewDevicesRepository = ReturnType<typeof createNewDevicesRepository>;
