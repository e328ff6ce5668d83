import type { z } from 'zod';

/** The empty value of one field: its default, else what an untouched input of its kind holds. */
function emptyValue(schema: z.core.$ZodType): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return (def as z.core.$ZodDefaultDef).defaultValue;
    case 'nullable': {
      // A text input holds '' for an empty optional text; other inputs hold null.
      const inner = emptyValue((def as z.core.$ZodNullableDef).innerType);
      return inner === '' ? '' : null;
    }
    case 'optional':
      return emptyValue((def as z.core.$ZodOptionalDef).innerType);
    case 'pipe':
      return emptyValue((def as z.core.$ZodPipeDef).in);
    case 'string':
      return '';
    case 'array':
      return [];
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/**
 * A form's empty values from its object schema (so the fields are written once, in the schema):
 * the schema's default where it has one, '' for text (optional text too), [] for a list, null for
 * another nullable field, false for a checkbox and undefined for a number until typed; `values`
 * sets the rest (choices such as a state).
 */
export function emptyValues<S extends z.ZodObject>(
  schema: S,
  values: Partial<z.input<S>> = {},
): z.input<S> {
  const empty = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [name, emptyValue(field)]),
  );
  return { ...empty, ...values } as z.input<S>;
}
