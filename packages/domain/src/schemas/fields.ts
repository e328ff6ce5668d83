import { z } from 'zod';
import {
  PAGE_MAX,
  PASSWORD_MIN_LENGTH,
  PG_INT_MAX,
  STATES,
  TEXT_COUNTER_MAX,
  ZIP_CODE_LENGTH,
} from '../constants.js';
import type { ValidationKey } from '../i18n/index.js';

/** Zod messages are i18n keys ("validation.emailRequired"); each app translates them. */
export const msg = (key: ValidationKey) => `validation.${key}`;

/**
 * An instant in RFC 3339 form, e.g. 2026-11-27T10:15:00Z or 2026-11-27T12:15:00.123+02:00: date,
 * `T`, time with seconds (any fraction), and `Z` or an offset. zod checks the calendar too
 * (2026-02-30 and month 13 fail; 2024-02-29 passes), which `new Date()` does not: it reads "0" as
 * 2000-01-01 and rolls 2026-02-30 over to 2 March. Every time that comes in goes through this.
 */
export const instant = () => z.iso.datetime({ offset: true, error: msg('invalidValue') });
const instantSchema = instant();
/** True for an RFC 3339 instant (see `instant`). */
export const isInstant = (value: unknown): value is string =>
  instantSchema.safeParse(value).success;

/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDay = () => z.iso.date({ error: msg('invalidValue') });

/** A general address pattern (spec 000 §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Control characters (C0, DEL, C1): PostgreSQL text cannot hold NUL, and none is ever typed. */
const CONTROL = /\p{Cc}/u;
/** The same, less the line breaks and tabs a multi-line text keeps. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

type StringParams = Parameters<typeof z.string>[0];

/**
 * Every text a request carries starts here: a string without control characters, refused
 * before any other rule so the field names the reason. `multiline` keeps tabs and line breaks.
 */
export function text(params: StringParams = { error: msg('invalidValue') }, multiline = false) {
  const control = multiline ? CONTROL_BUT_LINES : CONTROL;
  return z
    .string(params)
    .refine((value) => !control.test(value), { error: msg('controlCharacters'), abort: true });
}

/** A string that must be present and non-blank; a missing field gets the same message. */
export function requiredText(key: ValidationKey) {
  return text({ error: (issue) => (issue.input === undefined ? msg(key) : msg('invalidValue')) })
    .trim()
    .min(1, { error: msg(key), abort: true });
}

export function email(invalidKey: ValidationKey = 'emailInvalid') {
  return requiredText('emailRequired')
    .max(254, { error: msg(invalidKey) })
    .regex(EMAIL_PATTERN, { error: msg(invalidKey) });
}

export const password = text({
  error: (issue) => (issue.input === undefined ? msg('passwordRequired') : msg('invalidValue')),
})
  .min(1, { error: msg('passwordRequired'), abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: msg('passwordTooShort') })
  .max(1024, { error: msg('invalidValue') });

/** An optional free text: omitted keeps, null or '' clears (the API stores null). */
export const optionalText = (max = 200, multiline = false) =>
  text({ error: msg('invalidValue') }, multiline)
    .trim()
    .max(max, { error: msg('invalidValue') })
    .optional()
    .nullable();

/** Information and description fields: a 500-character counter in the forms (spec 000 §5). */
export const longText = () => optionalText(TEXT_COUNTER_MAX, true);

/** A required short text of an admin form ('Pakollinen kenttä'). */
export const requiredField = (max = 200) =>
  requiredText('required').max(max, { error: msg('invalidValue') });

/** A record id (uuid). A malformed id is a validation error, not a lookup. */
export const id = () => z.uuid({ error: msg('invalidValue') });

/**
 * A record chosen in a form's select: nothing chosen (empty, missing) is 'Pakollinen kenttä'
 * (spec 001 §5), another malformed id 'Virheellinen arvo'.
 */
export const chosenId = () =>
  z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? msg('required')
        : msg('invalidValue'),
  });

/** Exactly five digits (spec 000 §5). */
export const zipCode = () =>
  requiredText('zipCodeRequired').regex(new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`), {
    error: msg('zipCodeLength'),
  });

export const recordState = () =>
  z.enum(STATES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? msg('required') : msg('invalidValue'),
  });

/**
 * Application permissions on the wire: a comma string of ids 1–4 ("1,2,4"), at least one
 * (spec 000 §3). Forms hold a list and join it.
 */
export const permissionsString = () =>
  text({ error: msg('required') })
    .trim()
    .min(1, { error: msg('required'), abort: true })
    .regex(/^[1-4]( *, *[1-4])*$/, { error: msg('invalidValue') });

/** A whole number of 1 or more that fits PostgreSQL's integer (ids, counts of the domain). */
export const positiveInt = () =>
  z
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(1, { error: msg('invalidValue') })
    .max(PG_INT_MAX, { error: msg('invalidValue') });

/** 1-based paging of a server-paged list. */
export const pageQuery = (maxPageSize = 100) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(25),
});

/** A request field as a record answers it: always present, null where the request may clear it. */
type RecordField<T extends z.core.$ZodType> = z.ZodType<Exclude<z.output<T>, undefined>>;
export type RecordShape<S extends z.ZodRawShape> = { [K in keyof S]: RecordField<S[K]> };

/** The parts of a zod definition the record's view looks into. */
interface FieldDef {
  type: string;
  innerType: z.core.$ZodType;
  in: z.core.$ZodType;
  out: z.core.$ZodType;
  element: z.core.$ZodType;
  valueType: z.core.$ZodType;
  shape: z.ZodRawShape;
  entries: Record<string, string>;
}

/**
 * The record's view of one request field: the same type without the request's checks (lengths,
 * patterns, messages belong to what a caller may send, not to what the API answers).
 */
function recordField(field: z.core.$ZodType): z.ZodType {
  const def = field._zod.def as unknown as FieldDef;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return recordField(def.innerType);
    case 'nullable':
      return recordField(def.innerType).nullable();
    case 'pipe':
      // What comes out: a transform alone keeps the type it was given (an upper-cased EUI is
      // still a string); a transform piped on ('a,b' → ids) answers as what it is piped into.
      return def.out._zod.def.type === 'transform' ? recordField(def.in) : recordField(def.out);
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(def.entries);
    case 'array':
      return z.array(recordField(def.element));
    case 'record':
      return z.record(z.string(), recordField(def.valueType));
    case 'object':
      return z.object(recordShape(def.shape));
    default:
      throw new Error(`recordField: no record form for a ${def.type} field`);
  }
}

/** Request fields as a record answers them, so a record is its request's fields `.extend`ed. */
export function recordShape<S extends z.ZodRawShape>(shape: S): RecordShape<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, recordField(field)]),
  ) as RecordShape<S>;
}

/** A request body's fields as a record: `recordOf(createXBody).extend({ xId, createdAt… })`. */
export const recordOf = <S extends z.ZodRawShape>(schema: z.ZodObject<S>) =>
  z.object(recordShape(schema.shape));

/**
 * The i18n key of each field's label, by rule: `prefix` + the field's name without the
 * record's prefix ('targetZipCode' → 'targets.zipCode'), unless `named` says otherwise.
 * The form, the list's columns and the audit log all label a field with it.
 */
export function fieldLabels<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  record: string,
  prefix: string,
  named: Partial<Record<keyof S, string>> = {},
): Record<keyof S & string, string> {
  return Object.fromEntries(
    Object.keys(schema.shape).map((key) => {
      const name =
        named[key] ??
        key.slice(record.length, record.length + 1).toLowerCase() + key.slice(record.length + 1);
      return [key, `${prefix}.${name}`];
    }),
  ) as Record<keyof S & string, string>;
}
