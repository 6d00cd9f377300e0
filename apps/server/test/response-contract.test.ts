// docs/api-foundation.md: every route declares its responses, and nothing it does not declare leaves the server.
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responses } from '@backroom/domain';
import { compiledValueSerializer, responseSerializerCompiler, undeclaredFields, valueSerializer } from '../src/http/response-serializer.ts';
import { createTestApp, type TestApp } from './helpers.ts';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('every route declares its responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('has a success body and the { error } answers in the OpenAPI document, for every API route', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      // better-auth's own API speaks its own JSON (architecture.md); the docs are the docs.
      if (path.startsWith('/api/auth') || path.startsWith('/api/docs') || !path.startsWith('/api') && !path.startsWith('/open')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const codes = Object.keys(op.responses ?? {});
        const success = codes.find((c) => /^2\d\d$/.test(c));
        const hasBody = success && (success === '204' || op.responses?.[success]?.content);
        const errors = ['400', '401', '403', '404'].every((c) => op.responses?.[c]?.content);
        if (!hasBody || !errors) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the response serializer', () => {
  const ZUser = z.object({ id: z.string(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  const leaky = { id: 'u1', name: 'Ann', passwordHash: 'x', tags: [{ label: 'a', internal: 1 }] };

  async function appWith(strict: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler(strict));
    app.get('/leaky', { schema: { response: responses(ZUser) } }, async () => ({ data: leaky }));
    app.get('/clean', { schema: { response: responses(ZUser) } }, async () => ({ data: { id: 'u1', name: 'Ann', tags: [] } }));
    await app.ready();
    return app;
  }

  it('refuses, when strict (API tests, e2e), a field the schema does not declare (the API tests fail on it)', async () => {
    const app = await appWith(true);
    expect((await app.inject({ url: '/leaky' })).statusCode).toBe(500);
    const clean = await app.inject({ url: '/clean' });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toEqual({ data: { id: 'u1', name: 'Ann', tags: [] } });
    await app.close();
  });

  it('drops it in production: the hash never leaves', async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: '/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 'u1', name: 'Ann', tags: [{ label: 'a' }] } });
    await app.close();
  });

  it('names the undeclared fields by path', () => {
    expect(undeclaredFields({ data: leaky }, { data: { id: 'u1', name: 'Ann', tags: [{ label: 'a' }] } })).toEqual(['data.passwordHash', 'data.tags[0].internal']);
    expect(undeclaredFields({ a: undefined, d: new Date(0) }, { d: '1970-01-01T00:00:00.000Z' })).toEqual([]);
  });
});

describe('the compiled serializer (the list page\'s rows)', () => {
  // optional and nullable fields between required ones, an object within, a list of objects
  const ZRow = z.object({
    id: z.string(),
    next: z.object({ percentOff: z.number(), onDay: z.string() }).nullish(),
    price: z.number(),
    note: z.string().nullable(),
    tags: z.array(z.object({ label: z.string(), price: z.number().nullish() })),
    done: z.boolean(),
  });
  const where = { method: 'GET', url: '/rows' };
  const rows = [
    { id: 'a', next: { percentOff: 10, onDay: '2026-12-01' }, price: 12.5, note: null, tags: [{ label: 'x', price: 3 }, { label: 'y' }], done: false },
    { id: 'b', price: 0, note: 'say "hi"\n', tags: [], done: true },
    { id: 'c', next: null, price: 1, note: 'é ✓', tags: [{ label: 'z', price: null }], done: false },
  ];

  it('writes the same text as zod, field for field in the schema\'s order, and drops what the schema does not declare', () => {
    const compiled = compiledValueSerializer(ZRow, false, where);
    const zod = valueSerializer(ZRow, false, where);
    for (const row of rows) expect(compiled(row)).toBe(zod(row));
    expect(JSON.parse(compiled({ ...rows[0], passwordHash: 'x', tags: [{ label: 'a', internal: 1 }] }))).toEqual({ ...rows[0], tags: [{ label: 'a' }] });
  });

  it('is checked against zod when strict: an undeclared field or a value zod refuses fails', () => {
    const strict = compiledValueSerializer(ZRow, true, where);
    for (const row of rows) expect(() => strict(row)).not.toThrow();
    expect(() => strict({ ...rows[1], passwordHash: 'x' })).toThrow(/does not declare: passwordHash/);
    expect(() => strict({ ...rows[1], price: '12' })).toThrow();
  });
});
