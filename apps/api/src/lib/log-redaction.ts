/**
 * What the logger keeps out of every line (issue 26, finding 4). Two layers:
 *
 * - `redact`: pino replaces the values of keys that hold secrets (a password, a token, a code,
 *   a mail's body) wherever an object carrying them is logged, top level or one level down.
 * - `redactSecrets`: the finished line is scrubbed once more before it is written, for a secret
 *   inside a text — an error message quoting a URL, a topic, a link. The value of every query or
 *   fragment parameter whose name says code, token, key, secret, password or signature, a JWT
 *   and the credential after `Bearer` become `[Redacted]`.
 *
 * The first layer is the rule; the second is the net under it. Neither makes it right to log a
 * mail, a link or a request body: those stay where they belong (the outbox, the database).
 */

/** Keys whose values a log line never shows, wherever an object carrying them is logged. */
export const SECRET_LOG_KEYS = [
  'password',
  'userPassword',
  'userCurrentPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'code',
  'userCode',
  'link',
  'text',
  'html',
  'textBody',
  'htmlBody',
  'ingestKey',
  'secret',
  'deviceToken',
];

/** pino's `redact` paths: the keys above at the top level and one level down, and the headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_LOG_KEYS.flatMap((key) => [key, `*.${key}`]),
];

const REDACTED = '[Redacted]';

/** `?code=…`, `&token=…`, `#access_token=…`, `;sessionKey=…`: the value up to the next delimiter. */
const SECRET_PARAMETER =
  /([?&#;][\w.-]*(?:code|token|key|secret|password|signature)[\w.-]*=)[^&#;\s"'\\<>]+/gi;
/** A JWT: three base64url parts, the first an encoded JSON object (`{"` is `eyJ`). */
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g;
const BEARER = /(\bBearer\s+)[^\s"'\\]+/gi;

/** The line with every secret-looking parameter value, JWT and bearer credential replaced. */
export function redactSecrets(line: string): string {
  return line
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1${REDACTED}`);
}
