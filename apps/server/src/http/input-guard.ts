import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter, MAX_ANY_TEXT } from '@backroom/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

// The root guard of every request's text (issue 8): whatever a route's schema says, no string in
// the path, the query or the JSON body may hold a NUL or a lone surrogate (PostgreSQL cannot store
// a NUL in text or jsonb, and neither can be shown faithfully). Route schemas give each field its
// maximum length (docs/input-limits.md); parts of a request no schema describes (better-auth's
// /api/auth/* bodies) are capped here at MAX_ANY_TEXT per string.

/** The first offending string of a parsed value: its path and what is wrong, or null. */
export function findBadText(value: unknown, path = '', maxLength = Infinity): { path: string; problem: 'character' | 'length' } | null {
  if (typeof value === 'string') {
    if (hasForbiddenCharacter(value)) return { path, problem: 'character' };
    if (value.length > maxLength) return { path, problem: 'length' };
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBadText(value[i], `${path}[${i}]`, maxLength);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacter(key)) return { path: keyPath, problem: 'character' };
    const found = findBadText(item, keyPath, maxLength);
    if (found) return found;
  }
  return null;
}

function refuseCharacters(text: string, where: string): void {
  if (hasForbiddenCharacter(text)) throw badRequest(`${FORBIDDEN_CHARACTER_MESSAGE}: ${where}`);
}

function check(value: unknown, where: string, maxLength: number): void {
  const bad = findBadText(value, '', maxLength);
  if (!bad) return;
  const name = bad.path ? `${where} ${bad.path}` : where;
  throw badRequest(
    bad.problem === 'character' ? `${FORBIDDEN_CHARACTER_MESSAGE}: ${name}` : `Text is too long (at most ${MAX_ANY_TEXT} characters): ${name}`,
  );
}

/**
 * Percent-decoding that refuses what does not decode to well-formed text: a malformed escape, or
 * UTF-8 bytes of a surrogate (%ED%A0%80), which the router and query parser would otherwise turn
 * into replacement characters or pass on raw.
 */
function decodeStrictly(raw: string, where: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    throw badRequest(`The ${where} is not valid percent-encoded UTF-8`);
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  // The raw URL first: path and query, decoded strictly, before any route or store lookup.
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    refuseCharacters(decodeStrictly(path, 'path'), 'path');
    if (q !== -1) refuseCharacters(decodeStrictly(url.slice(q + 1), 'query string'), 'query string');
  });
  // The parsed body (JSON), and query and params as the route sees them.
  // A part the route declares a schema for gets its fields' own length limits (and messages) there;
  // MAX_ANY_TEXT caps the parts no schema describes.
  app.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    const cap = (declared: unknown) => (declared ? Infinity : MAX_ANY_TEXT);
    check(request.params, 'path', cap(schema.params));
    check(request.query, 'query', cap(schema.querystring));
    check(request.body, 'body', cap(schema.body));
  });
}
