import type { JsonSchema } from 'json-schema-faker';

/** One operation of the OpenAPI document, with the schemas its inputs must satisfy. */
export interface Operation {
  operationId: string;
  method: string;
  /** The path template, e.g. /api/targets/{id} */
  path: string;
  /** Signed-in routes declare a security requirement; the others are open to anyone. */
  signedIn: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The application/json request body, when the operation takes one. */
  body?: { schema: JsonSchema; required: boolean };
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Replaces local $refs (#/components/schemas/X) by the schema they name. */
function inline(schema: unknown, doc: OpenApiDocument, seen = new Set<string>()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, doc, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target || seen.has(name)) return {};
    return inline(target, doc, new Set([...seen, name]));
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, doc, seen)]),
  );
}

/** Every operation of the document, in document order: new routes are fuzzed without a list. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            required: p.required === true,
            schema: inline(p.schema ?? { type: 'string' }, doc) as JsonSchema,
          }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        operationId: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        signedIn: (op.security?.length ?? 0) > 0,
        pathParams: params('path'),
        queryParams: params('query'),
        ...(json && {
          body: {
            schema: inline(json, doc) as JsonSchema,
            required: op.requestBody?.required === true,
          },
        }),
      });
    }
  }
  return operations;
}
