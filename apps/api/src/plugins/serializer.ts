import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * Answers written by fast-json-stringify compiled from each response's zod schema (issue 30):
 * the zod type provider's serializer parsed every answer against its schema and then ran
 * `JSON.stringify`, which cost more than the write itself on the list routes. Compiled on a
 * route's first answer (most routes of a test never answer, and compiling all ≈ 300 at start
 * would slow every start-up). A schema JSON Schema cannot say keeps zod's serializer.
 *
 * With `checkAnswers` (the tests) every answer is also parsed by zod as before and the two texts
 * must be the same: a handler's answer that does not match its schema, or a schema the compiled
 * serializer writes differently, fails the test with a 500 instead of reaching production.
 */
export function responseSerializer({
  checkAnswers,
}: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema as z.ZodType;
    const checked: Serializer = (data) => {
      const result = safeEncode(zod, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    let compiled: Serializer | undefined;
    const serialize = (data: unknown) => {
      compiled ??= compiledOr(zod, checked);
      return compiled(data);
    };
    if (!checkAnswers) return serialize;
    return (data) => {
      const expected = checked(data);
      const written = serialize(data);
      if (written !== expected) {
        throw new Error(`${method} ${url}: compiled serializer wrote ${written}, zod ${expected}`);
      }
      return written;
    };
  };
}

function compiledOr(schema: z.ZodType, fallback: Serializer): Serializer {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
    // fast-json-stringify writes a union of objects by the first member that matches and leaves
    // out what only another member names (a device type's codec frame lost its fPort so): an
    // answer whose schema has such a choice keeps zod's serializer. A choice between one
    // structure and plain values (a nullable object, a nullable string) is written alike by both.
    if (hasObjectChoice(json)) return fallback;
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return fallback;
  }
}

const CHOICES = ['anyOf', 'oneOf'];

/** Whether a union somewhere in the schema has two or more members with object or array structure. */
function hasObjectChoice(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasObjectChoice);
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([key, value]) => {
    // allOf, not and if: kept with zod's serializer too.
    if (key === 'allOf' || key === 'not' || key === 'if') return true;
    if (CHOICES.includes(key) && Array.isArray(value) && value.filter(isStructured).length > 1)
      return true;
    return hasObjectChoice(value);
  });
}

const isStructured = (member: unknown): boolean =>
  member !== null &&
  typeof member === 'object' &&
  ('properties' in member ||
    'items' in member ||
    'additionalProperties' in member ||
    '$ref' in member ||
    ['object', 'array'].includes(String((member as { type?: unknown }).type)));
