import type { ByteRange } from './storage.js';

/**
 * Reads an HTTP Range header (RFC 9110 §14.1.2) for a body of `size` bytes: one range of bytes,
 * `a-b`, `a-` or `-n`. Returns undefined to send the whole body (no header, another unit, or
 * several ranges, which a server may ignore), 'unsatisfiable' for 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header);
  if (!match)
    return header.trim().startsWith('bytes=') && !header.includes(',')
      ? 'unsatisfiable'
      : undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
