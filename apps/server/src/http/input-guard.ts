import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter, MAX_ANY_TEXT, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '@backroom/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

// The root guard of every request's text (docs/security.md): whatever a route's schema says, no string in
// the path, the query or the JSON body may hold a NUL or a lone surrogate (PostgreSQL cannot store
// a NUL in text or jsonb, and neither can be shown faithfully). Route schemas give each field its
// maximum length (docs/input-limits.md); parts of a request no schema describes (better-auth's
// /api/auth/* bodies) are capped here at MAX_ANY_TEXT per string.

type BadText = { path: string; problem: 'character' | 'length' | 'depth' };

/**
 * The first offending string of a parsed value: its path and what is wrong, or null. Iterative (an
 * explicit stack, no recursion over request data): a deeply nested value cannot overflow the call
 * stack, and a value nested deeper than `maxDepth` is refused as a whole.
 */
export function findBadText(value: unknown, path = '', maxLength = Infinity, maxDepth = MAX_JSON_DEPTH): BadText | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  while (stack.length) {
    const next = stack.pop()!;
    const v = next.value;
    if (typeof v === 'string') {
      if (hasForbiddenCharacter(v)) return { path: next.path, problem: 'character' };
      if (v.length > maxLength) return { path: next.path, problem: 'length' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (next.depth >= maxDepth) return { path: next.path, problem: 'depth' };
    // Pushed in reverse so the first offending string in reading order is found first.
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push({ value: v[i], path: `${next.path}[${i}]`, depth: next.depth + 1 });
      continue;
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i];
      const keyPath = next.path ? `${next.path}.${key}` : key;
      if (hasForbiddenCharacter(key)) return { path: keyPath, problem: 'character' };
      stack.push({ value: item, path: keyPath, depth: next.depth + 1 });
    }
  }
  return null;
}

/**
 * What is wrong with the shape of JSON text before JSON.parse ever sees it: objects/arrays nested
 * deeper than `maxDepth`, or more than `maxValues` values (counted by their separating commas), or
 * null. One pass over the characters, minding strings and escapes.
 */
export function jsonShapeProblem(text: string, maxDepth: number, maxValues = Infinity): 'depth' | 'values' | null {
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return 'depth';
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
    else if (c === 0x2c) {
      commas += 1;
      if (commas >= maxValues) return 'values';
    }
  }
  return null;
}

export const TOO_DEEP_MESSAGE = `The request nests objects or arrays too deeply (at most ${MAX_JSON_DEPTH} levels)`;
const TOO_MANY_VALUES_MESSAGE = `The request holds too many values (at most ${MAX_JSON_VALUES.toLocaleString('en-US')})`;

function refuseCharacters(text: string, where: string): void {
  if (hasForbiddenCharacter(text)) throw badRequest(`${FORBIDDEN_CHARACTER_MESSAGE}: ${where}`);
}

function check(value: unknown, where: string, maxLength: number): void {
  // a raw body (the storefront webhooks' bytes) is checked by its route: its signature, then its parser
  if (value instanceof Uint8Array) return;
  const bad = findBadText(value, '', maxLength);
  if (!bad) return;
  const name = bad.path ? `${where} ${bad.path}` : where;
  if (bad.problem === 'depth') throw badRequest(`${TOO_DEEP_MESSAGE}: ${where}`);
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
  // JSON bodies: the nesting depth and the number of values are checked on the text, so JSON.parse
  // never sees a body nested 100,000 levels deep or 100,000 members wide; then Fastify's own parser
  // (prototype-poisoning checks, its messages).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonShapeProblem(text, MAX_JSON_DEPTH, MAX_JSON_VALUES);
    if (problem) {
      done(badRequest(`${problem === 'depth' ? TOO_DEEP_MESSAGE : TOO_MANY_VALUES_MESSAGE}: body`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
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
