import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses go out through their declared zod schema (docs/api-foundation.md): a field the schema does not declare
 * is dropped, so no hash, token or internal column leaves by accident. With STRICT_RESPONSES (the API
 * tests and the e2e server) the serializer also refuses such a field (a 500 that fails the API tests), so a mapper that grows a
 * field and a schema that does not declare it cannot both land.
 */
export function responseSerializerCompiler(strict: boolean) {
  const base = createSerializerCompiler({});
  if (!strict) return base;
  return (routeSchema: Parameters<typeof base>[0]) => {
    const serialize = base(routeSchema);
    return (data: unknown) => {
      const json = serialize(data);
      const undeclared = undeclaredFields(data, JSON.parse(json));
      if (undeclared.length) {
        throw new Error(`${routeSchema.method} ${routeSchema.url} answers fields its response schema does not declare: ${undeclared.slice(0, 10).join(', ')}`);
      }
      return json;
    };
  };
}

/** Paths of the keys present (with a value) in `sent` but absent from what the schema let through. */
export function undeclaredFields(sent: unknown, kept: unknown, path = ''): string[] {
  const plain = toPlain(sent);
  if (Array.isArray(plain) && Array.isArray(kept)) {
    return plain.flatMap((item, i) => undeclaredFields(item, kept[i], `${path}[${i}]`));
  }
  if (isObject(plain) && isObject(kept)) {
    return Object.entries(plain).flatMap(([key, value]) => {
      if (value === undefined) return [];
      const at = path ? `${path}.${key}` : key;
      return key in kept ? undeclaredFields(value, kept[key], at) : [at];
    });
  }
  return [];
}

function toPlain(value: unknown): unknown {
  // Dates and other objects with toJSON are compared as they are sent.
  if (value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON: () => unknown }).toJSON();
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The serialiser of one value of `schema`, as a route's answer is serialised (strict as the routes are):
 * for an answer put together from parts serialised apart (a list page from its kept rows' text).
 */
export function valueSerializer(schema: unknown, strict: boolean, where: { method: string; url: string }): (data: unknown) => string {
  return responseSerializerCompiler(strict)({ schema, method: where.method, url: where.url, httpStatus: '200' } as Parameters<ReturnType<typeof responseSerializerCompiler>>[0]);
}

/**
 * The same serialiser compiled from the schema's JSON Schema (fast-json-stringify): for the rows of a list
 * page made in the hundreds (inventory-queries rowJson). Zod checks every field of every row and
 * JSON.stringify walks it again, 0.9 ms for a page of 50 items; the compiled writer knows the fields
 * and writes only those (an undeclared field is dropped, as zod drops it), 0.4 ms. It does not check
 * what it writes: with STRICT_RESPONSES (the API tests) every value also goes through zod's serialiser
 * and the two texts must be the same, so a schema the compiled writer reads differently fails a test.
 */
export function compiledValueSerializer(schema: z.ZodType, strict: boolean, where: { method: string; url: string }): (data: unknown) => string {
  const compiled = fastJson(withoutRequired(z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' })) as Parameters<typeof fastJson>[0]);
  if (!strict) return compiled;
  const checked = valueSerializer(schema, true, where);
  return (data) => {
    const json = compiled(data);
    const expected = checked(data);
    if (json !== expected) throw new Error(`${where.method} ${where.url}: the compiled serialiser wrote ${json.slice(0, 2000)} where zod's wrote ${expected.slice(0, 2000)}`);
    return json;
  };
}

/**
 * A JSON Schema without its `required` lists: fast-json-stringify writes an object's required fields
 * before its optional ones, zod in the schema's order; without them both write the schema's order (a
 * field left out is what zod refuses, and the tests' zod check catches it).
 */
function withoutRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequired);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, withoutRequired(value)]),
  );
}
