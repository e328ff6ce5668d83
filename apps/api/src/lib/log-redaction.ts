/**
 * What the logger keeps out of every line (issue 26, finding 4). Each finished line is scrubbed
 * before it is written:
 *
 * - the value of every key that holds a secret (a password, a token, a code, a mail's body, the
 *   authorization and cookie headers), at any depth, becomes `[Redacted]`;
 * - inside texts — an error message quoting a URL, a topic, a link — the value of every query or
 *   fragment parameter whose name says code, token, key, secret, password or signature, a JWT
 *   and the credential after `Bearer` become `[Redacted]`.
 *
 * One pass over the line instead of pino's `redact` paths (issue 30): those walked every logged
 * object for 34 paths, 32 of them wildcards — 31 µs a request line against 7 µs for this. Neither
 * makes it right to log a mail, a link or a request body: those stay where they belong (the
 * outbox, the database).
 */

/** Keys whose values a log line never shows, at any depth of whatever is logged. */
const SECRET_LOG_KEYS = [
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
  'authorization',
  'cookie',
];

const REDACTED = '[Redacted]';

/** `?code=…`, `&token=…`, `#access_token=…`, `;sessionKey=…`: the value up to the next delimiter. */
const SECRET_PARAMETER =
  /([?&#;][\w.-]*(?:code|token|key|secret|password|signature)[\w.-]*=)[^&#;\s"'\\<>]+/gi;
/** A JWT: three base64url parts, the first an encoded JSON object (`{"` is `eyJ`). */
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g;
const BEARER = /(\bBearer\s+)[^\s"'\\]+/gi;

/** `"password":`, `"token":`, … : a secret key in the JSON of a line, whatever its depth. */
const SECRET_KEY = new RegExp(`"(?:${SECRET_LOG_KEYS.join('|')})":`, 'g');

/** Where the JSON value starting at `from` ends: a string, a number, a literal, an object or an array. */
function endOfValue(line: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) return i; // the end of the object holding a scalar value
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === 0x2c && depth === 0) return i;
  }
  return line.length;
}

/** The line with the value of every secret key replaced. */
function redactKeys(line: string): string {
  SECRET_KEY.lastIndex = 0;
  let match = SECRET_KEY.exec(line);
  if (!match) return line;
  let out = '';
  let from = 0;
  while (match) {
    const value = match.index + match[0].length;
    out += `${line.slice(from, value)}"${REDACTED}"`;
    from = endOfValue(line, value);
    SECRET_KEY.lastIndex = from;
    match = SECRET_KEY.exec(line);
  }
  return out + line.slice(from);
}

/** The line with every secret key's value, secret-looking parameter, JWT and bearer credential replaced. */
export function redactSecrets(line: string): string {
  return redactKeys(line)
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1${REDACTED}`);
}
