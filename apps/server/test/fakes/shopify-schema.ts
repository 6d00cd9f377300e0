// Shopify's Admin GraphQL schema (API version 2026-10) from the committed fixture, built once per test
// process (each vitest file runs in its own process, so once per file). The fixture is Shopify's own
// introspection printed as SDL (test/fixtures/refresh-shopify-schema.ts; docs/storefront-sync.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildSchema, GraphQLError, GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';

export const SHOPIFY_SCHEMA_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/shopify-admin-2026-10.graphql.gz');

let cached: GraphQLSchema | null = null;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Shopify's custom scalars arrive from SDL as "anything goes". The ones the adapter sends are checked
 * as Shopify reads them: Money and Decimal are decimal numbers (a string like "19.99", or a number),
 * DateTime an ISO 8601 time.
 */
function checkScalars(schema: GraphQLSchema): void {
  const literal = (node: ValueNode): unknown => (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT ? node.value : undefined);
  const patch = (name: string, accept: (value: unknown) => boolean, explain: string) => {
    const type = schema.getType(name);
    if (!(type instanceof GraphQLScalarType)) throw new Error(`The Shopify schema has no scalar ${name}`);
    const parse = (value: unknown) => {
      if (!accept(value)) throw new GraphQLError(`${explain}: ${JSON.stringify(value)}`);
      return value;
    };
    Object.assign(type, { parseValue: parse, parseLiteral: (node: ValueNode) => parse(literal(node)) });
  };
  const decimal = (value: unknown) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && DECIMAL.test(value.trim()));
  patch('Money', decimal, 'Could not coerce value to Money');
  patch('Decimal', decimal, 'Could not coerce value to Decimal');
  patch('DateTime', (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)), 'Could not coerce value to DateTime');
}

export function loadShopifySchema(): GraphQLSchema {
  if (cached) return cached;
  const sdl = gunzipSync(readFileSync(SHOPIFY_SCHEMA_FIXTURE)).toString('utf8');
  // The SDL is printed from Shopify's own introspection: valid by construction.
  const schema = buildSchema(sdl, { assumeValidSDL: true });
  checkScalars(schema);
  cached = schema;
  return schema;
}
