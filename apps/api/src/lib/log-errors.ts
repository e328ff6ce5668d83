/**
 * How an error enters the log. A failed query carries its parameters (a password hash, an
 * e-mail, a phone number) in Drizzle's message and `params`, and PostgreSQL's `detail` and
 * message may quote a value too: only the SQL text and the database's error code, constraint,
 * table and column are kept. Anything else is logged as pino would, minus the same fields.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorForLog(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { query, params, cause } = err as Error & { query?: unknown; params?: unknown };
  if (typeof query === 'string' && params !== undefined) {
    return {
      type: err.name,
      message: `Failed query: ${query}`,
      // The stack's head repeats the message, parameters included: only the frames are kept.
      stack: (err.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
      ...(cause !== undefined && { cause: databaseFields(cause) }),
    };
  }
  return {
    type: err.name,
    message: err.message,
    stack: err.stack ?? '',
    ...((err as { code?: unknown }).code !== undefined && {
      code: (err as { code?: unknown }).code,
    }),
    ...(cause !== undefined && { cause: databaseFields(cause) }),
  };
}

/** The parts of a database error that name no value. */
function databaseFields(cause: unknown): Record<string, unknown> {
  if (!cause || typeof cause !== 'object') return {};
  const { code, constraint, table, column, routine } = cause as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries({ code, constraint, table, column, routine }).filter(([, v]) => v !== undefined),
  );
}

/**
 * An error as a line about an uplink names it: its type and code only. Its message may quote
 * what the uplink carried (a value, a topic, a link).
 */
export function errorKind(err: unknown): { errorType: string; errorCode?: unknown } {
  if (!(err instanceof Error)) return { errorType: typeof err };
  const { code } = err as { code?: unknown };
  return { errorType: err.name, ...(code !== undefined && { errorCode: code }) };
}
