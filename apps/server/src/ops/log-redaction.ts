/**
 * The log's redaction (docs/operations.md "Logs"): every line pino writes passes through
 * `redactLogLine` (pino's `hooks.streamWrite`), which replaces the value of any field named below (in
 * any case), at any depth, with "[Redacted]": credentials in headers, and the fields that hold a password, a
 * token, a bank number or an integration's credentials.
 *
 * Why on the written line and not pino's `redact` paths: those were the top level and one level down
 * (`*.password`), and pino walked every logged object (the request's child bindings included) for
 * each of the 16 wildcards: 8 % of the server's time in the busy hour; this way the readers of the busy
 * hour are 1.13 times as many on PostgreSQL and 1.38 on PGlite (bench/README.md). Here a line is first
 * searched for a quoted secret name followed by a colon, which almost no line holds; only such a line is
 * read through, token by token, so a name inside a string value (a message quoting `"password":`) is
 * not taken for a field.
 */
export const SECRET_LOG_FIELDS: ReadonlySet<string> = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'token',
    'accessToken',
    'refreshToken',
    'apiKey',
    'apiSecret',
    'secret',
    'clientSecret',
    'accountNumber',
    'routingNumber',
    'bankAccount',
    'credentials',
    'cookie',
    'authorization',
    'set-cookie',
    'set-auth-token',
  ].map((name) => name.toLowerCase()),
);

/** Whether a field of this name is a secret: in any case (`Authorization`, `PASSWORD`), as headers may be written. */
export const isSecretLogField = (name: string) => SECRET_LOG_FIELDS.has(name.toLowerCase());

const REDACTED = '"[Redacted]"';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
// A quoted name, then (after any spaces) a colon; or any \u escape, as a name may be written with one
// (\u0070assword). JSON.stringify escapes no letter, so such lines are rare (a control character).
const MAY_HOLD_SECRET = new RegExp(`"(?:${[...SECRET_LOG_FIELDS].map(escapeRe).join('|')})"\\s*:|\\\\u`, 'i');

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The index after the string that opens at `at` (a quote); the line's end when it is not closed. */
function stringEnd(line: string, at: number): number {
  for (let i = at + 1; i < line.length; i += 1) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i += 1;
    else if (c === QUOTE) return i + 1;
  }
  return line.length;
}

/** The index after the JSON value that starts at `at`: a string, an object or array (nested), or a literal. */
function valueEnd(line: string, at: number): number {
  const first = line.charCodeAt(at);
  if (first === QUOTE) return stringEnd(line, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < line.length; i += 1) {
      const c = line.charCodeAt(i);
      if (c === QUOTE) i = stringEnd(line, i) - 1;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
    }
    return line.length;
  }
  let i = at;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
    i += 1;
  }
  return i;
}

/** The name a quoted key (`line[from..to)`, quotes included) stands for. */
function keyName(line: string, from: number, to: number): string | null {
  const raw = line.slice(from + 1, to - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(line.slice(from, to)) as string;
  } catch {
    return null;
  }
}

/** A JSON log line with the value of every secret field, at any depth, replaced by "[Redacted]". */
export function redactLogLine(line: string): string {
  if (!MAY_HOLD_SECRET.test(line)) return line;
  let out = '';
  let copiedTo = 0;
  let i = 0;
  while (i < line.length) {
    if (line.charCodeAt(i) !== QUOTE) {
      i += 1;
      continue;
    }
    const end = stringEnd(line, i);
    let colon = end;
    while (colon < line.length && isSpace(line.charCodeAt(colon))) colon += 1;
    if (line.charCodeAt(colon) === COLON) {
      const name = keyName(line, i, end);
      if (name !== null && isSecretLogField(name)) {
        let value = colon + 1;
        while (value < line.length && isSpace(line.charCodeAt(value))) value += 1;
        out += line.slice(copiedTo, value) + REDACTED;
        copiedTo = valueEnd(line, value);
        i = copiedTo;
        continue;
      }
    }
    // a key whose value is not secret (read on: it may hold secret fields), or a string value
    i = end;
  }
  if (copiedTo === 0) return line;
  const redacted = out + line.slice(copiedTo);
  // pino writes whole JSON lines; should one ever be cut short, the next line still starts on its own
  return line.endsWith('\n') && !redacted.endsWith('\n') ? `${redacted}\n` : redacted;
}
