/** The PostgreSQL error code (e.g. 23505 unique violation) of a driver error, also when Drizzle wraps it. */
export function pgErrorCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The constraint (or unique index) a driver error names, also when Drizzle wraps it. */
export function pgConstraintName(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string' && name) return name;
  }
  return null;
}

/** The detail line of a driver error ("Key (a, b)=(x, y) already exists."), also when Drizzle wraps it. */
export function pgErrorDetail(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
  }
  return null;
}
