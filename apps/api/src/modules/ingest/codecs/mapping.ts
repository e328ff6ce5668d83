// A decoded object (a network server's, or a JavaScript codec's output) read at each
// measurement's path (ADR 0036): pure. Nothing is matched by likeness: a value is taken only
// from the path its type names, and an object none of whose paths resolve is refused.
import type { RejectReason } from '@vahti/domain';

export interface PathMapping {
  measurementId: string;
  measurementName: string;
  /** Parsed `DECODED_PATH`: keys and array indexes. */
  path: readonly (string | number)[];
}

export type MappingResult =
  | { ok: true; values: Record<string, number> }
  | { ok: false; reason: RejectReason; field?: string };

/** `air.co2` → ['air', 'co2']; `data[0].value` → ['data', 0, 'value']. */
export function parsePath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const segment of path.split('.')) {
    const [key = '', ...indexes] = segment.split('[');
    parts.push(key);
    for (const index of indexes) parts.push(Number(index.slice(0, -1)));
  }
  return parts;
}

/** A strict decimal number as text ("21.5", "-3", "1e3"); "21,5", "", " 7" and "0x10" are not. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

function at(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    if (typeof part === 'number') {
      if (!Array.isArray(node)) return undefined;
      node = node[part];
    } else {
      if (Array.isArray(node) || !Object.hasOwn(node, part)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
  }
  return node;
}

/**
 * The values at each mapping's path. `normalized` paths read The Things Stack's
 * normalized_payload (`normalized.x` the first entry's). A path absent from this uplink is
 * skipped (devices send different frames); a value that is no number (a boolean is 0/1, a
 * strictly numeric text its number) rejects the uplink naming the measurement; no value at all
 * is `unmappedPayload`.
 */
export function mapDecoded(
  decoded: Record<string, unknown> | undefined,
  normalized: readonly unknown[] | undefined,
  mappings: readonly PathMapping[],
): MappingResult {
  const values: Record<string, number> = {};
  for (const mapping of mappings) {
    const [head, ...rest] = mapping.path;
    let value: unknown;
    if (head === 'normalized') {
      const index = typeof rest[0] === 'number' ? rest.shift() : 0;
      value = at(normalized?.[index as number], rest);
    } else {
      value = at(decoded, mapping.path);
    }
    if (value === undefined || value === null) continue;
    const number =
      typeof value === 'boolean'
        ? Number(value)
        : typeof value === 'string' && NUMBER_TEXT.test(value)
          ? Number(value)
          : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) {
      return { ok: false, reason: 'invalidValue', field: mapping.measurementName };
    }
    values[mapping.measurementId] = number;
  }
  return Object.keys(values).length > 0
    ? { ok: true, values }
    : { ok: false, reason: 'unmappedPayload' };
}
