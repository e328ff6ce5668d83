/**
 * The fields whose value differs between two versions of a record, with their new values: what
 * an audit entry of an update records. Lists compare by content, ignoring order.
 */
export function changedValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b)
      ? JSON.stringify([...a].sort()) === JSON.stringify([...b].sort())
      : a === b;
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => value !== undefined && !same(before[key], value),
    ),
  );
}

/** An optional free text of a body: omitted keeps (undefined), null or '' clears (null). */
export const optionalValue = (value: string | null | undefined) =>
  value === undefined ? undefined : value || null;

/**
 * A body's fields as column values: an empty text clears (null), an omitted field is `omitted`
 * (null on a create; undefined on an update, which keeps the stored value).
 */
export function columnValues<T extends Record<string, unknown>>(
  fields: T,
  omitted: null | undefined,
): { [K in keyof T]: T[K] extends string | null | undefined ? Exclude<T[K], ''> : T[K] } {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value === '' ? null : value === undefined ? omitted : value,
    ]),
  ) as never;
}
