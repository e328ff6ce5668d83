import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/** Column types whose values can identify a record: ids, free text and JSON details. */
const IDENTIFYING_TYPES = new Set(['uuid', 'text', 'character varying', 'jsonb', 'json']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Shorter strings (zip codes, short words) match too much by chance. */
const MIN_LENGTH = 6;

const rowsOf = async <T>(db: Db, query: string): Promise<T[]> =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

function stringsIn(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const item of Object.values(value)) stringsIn(item, into);
  }
}

/**
 * What identifies each organization's data: the ids and distinctive texts (names, e-mails,
 * phone numbers, addresses, codes, …) of every row it owns, in every table of the schema, read
 * from information_schema so that a new table is covered without touching this file.
 *
 * A row is an organization's when its `organization_id` is the organization, or, for a table
 * without one (links, codes' targets, resets, …), when its ids point only at rows of that
 * organization. A value counts only when no row outside the organization holds it, so shared
 * words (states, roles, city names, the same password hash) are never taken for a leak.
 */
export async function collectTenantMarkers(
  db: Db,
  organizationIds: string[],
): Promise<Map<string, string[]>> {
  const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const tables = new Map<string, { name: string; type: string }[]>();
  for (const c of columns) {
    const list = tables.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type });
    tables.set(c.table_name, list);
  }

  interface Row {
    hasOrganization: boolean;
    ids: string[];
    values: string[];
    owner: string | undefined;
  }
  const rows: Row[] = [];
  for (const [table, cols] of tables) {
    const wanted = cols.filter((c) => IDENTIFYING_TYPES.has(c.type));
    const hasOrganization = cols.some((c) => c.name === 'organization_id');
    if (wanted.length === 0) continue;
    const list = wanted.map((c) => `"${c.name}"`).join(', ');
    for (const raw of await rowsOf<Record<string, unknown>>(db, `select ${list} from "${table}"`)) {
      const values: string[] = [];
      stringsIn(Object.values(raw), values);
      const organization = hasOrganization ? (raw.organization_id as string | null) : undefined;
      rows.push({
        hasOrganization,
        owner: organization ?? undefined,
        ids: values.filter((v) => UUID.test(v)),
        values,
      });
    }
  }

  // Rows without an organization column belong to the one organization their ids point at;
  // repeated, since links point at users and targets that were placed the same way.
  const idsOf = (organization: string) => {
    const inside = new Set(rows.filter((r) => r.owner === organization).flatMap((r) => r.ids));
    for (const r of rows) {
      if (r.owner && r.owner !== organization) for (const id of r.ids) inside.delete(id);
    }
    inside.add(organization);
    return inside;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const owned = organizationIds.map((id) => ({ id, ids: idsOf(id) }));
    for (const row of rows) {
      if (row.owner || row.hasOrganization) continue;
      const owners = owned.filter((o) => row.ids.some((v) => o.ids.has(v)));
      if (owners.length === 1) {
        row.owner = owners[0]?.id;
        changed = true;
      }
    }
  }

  const markers = new Map<string, string[]>();
  for (const organization of organizationIds) {
    const outside = rows
      .filter((row) => row.owner !== organization)
      .flatMap((row) => row.values)
      .join('\u0000');
    const own = new Set(
      rows
        .filter((row) => row.owner === organization)
        .flatMap((row) => row.values)
        .map((value) => value.trim())
        .filter((value) => value.length >= MIN_LENGTH && !outside.includes(value)),
    );
    markers.set(organization, [...own]);
  }
  return markers;
}
