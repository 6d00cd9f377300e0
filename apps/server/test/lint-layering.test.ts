// The layering rules of eslint.config.js (docs/architecture.md) refuse what they should, and only that.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = '@typescript-eslint/no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The layering findings for `code` as if it were the file at `filePath` (relative to the repo). */
async function layering(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const DRIZZLE = `import { eq } from 'drizzle-orm';\nimport type { AnyPgColumn } from 'drizzle-orm/pg-core';\nexport const f = (c: AnyPgColumn) => eq(c, 1);\n`;

describe('Drizzle only in repositories and db/', () => {
  it('refuses drizzle-orm and its subpaths in a service, a route and a resolver', async () => {
    for (const file of ['apps/server/src/modules/x/x.service.ts', 'apps/server/src/modules/x/x.routes.ts', 'apps/server/src/tenancy/resolve-store.ts']) {
      const found = await layering(DRIZZLE, file);
      expect(found, file).toHaveLength(2);
      expect(found[0]).toMatch(/Drizzle only in \*\.repository\.ts and db\//);
    }
  });

  it('allows it in a repository, in db/ and in the named infrastructure files', async () => {
    for (const file of ['apps/server/src/modules/x/x.repository.ts', 'apps/server/src/db/x.ts', 'apps/server/src/jobs/queue.ts', 'apps/server/src/mail/mailer.ts']) {
      expect(await layering(DRIZZLE, file), file).toEqual([]);
    }
  });
});

describe('each module owns its data: repositories and internals only inside their module', () => {
  const use = (from: string, type = false) => `import ${type ? 'type ' : ''}{ thing } from '${from}';\nexport const x: unknown = thing;\n`;
  const REPOSITORY = /Only a module's own files import its repository/;
  const INTERNALS = /Another module is used through its index\.ts only/;

  it("refuses another module's repository, types included, from modules/, a top-level folder and app.ts", async () => {
    const cases: [string, string][] = [
      ['apps/server/src/modules/x/x.service.ts', '../y/y.repository.ts'],
      ['apps/server/src/modules/x/x.repository.ts', '../y/y.repository.ts'],
      ['apps/server/src/modules/x/sub/x-job.ts', '../../y/y.repository.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../../tenancy/tenancy.repository.ts'],
      ['apps/server/src/tenancy/resolve-store.ts', '../modules/stores/stores.repository.ts'],
      ['apps/server/src/auth/actor.ts', '../modules/consigners/consigners.repository.ts'],
      ['apps/server/src/storefront/shopify/x.ts', '../../integrations/integrations.repository.ts'],
      ['apps/server/src/app.ts', './modules/y/y.repository.ts'],
    ];
    for (const [file, from] of cases) {
      for (const type of [false, true]) {
        const found = await layering(use(from, type), file);
        expect(found.some((m) => REPOSITORY.test(m)), `${file} <- ${from}`).toBe(true);
      }
    }
  });

  it("allows a module's own repository, from its own subfolders too", async () => {
    for (const [file, from] of [
      ['apps/server/src/modules/x/x.service.ts', './x.repository.ts'],
      ['apps/server/src/modules/x/sub/x-job.ts', '../x.repository.ts'],
      ['apps/server/src/modules/x/sub/deeper/client.ts', '../../x.repository.ts'],
      ['apps/server/src/storefront/shopify/x.ts', '../storefront-sync.repository.ts'],
      ['apps/server/src/tenancy/resolve-store.ts', './tenancy.repository.ts'],
    ]) {
      expect(await layering(use(from), file), `${file} <- ${from}`).toEqual([]);
    }
  });

  it("refuses another module's internals: modules/ and integrations/ are entered through index.ts", async () => {
    for (const [file, from] of [
      ['apps/server/src/modules/x/x.service.ts', '../y/y.service.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../y/sub/y-job.ts'],
      ['apps/server/src/modules/x/sub/x-job.ts', '../../y/y.mapper.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../../integrations/secrets.ts'],
      ['apps/server/src/storefront/x.ts', '../modules/y/y.service.ts'],
      ['apps/server/src/storefront/shopify/x.ts', '../../modules/y/y.service.ts'],
      ['apps/server/src/storefront/x.ts', '../integrations/secrets.ts'],
      ['apps/server/src/app.ts', './modules/y/y.service.ts'],
      // Request and response schemas live in packages/domain: no module reads another's schemas file.
      ['apps/server/src/modules/x/x.routes.ts', '../y/y.schemas.ts'],
      ['apps/server/src/storefront/x.ts', '../modules/y/y.schemas.ts'],
      ['apps/server/src/app.ts', './modules/y/y.schemas.ts'],
    ]) {
      const found = await layering(use(from), file);
      expect(found, `${file} <- ${from}`).toEqual([expect.stringMatching(INTERNALS)]);
    }
  });

  it("allows another module's index.ts, and app.ts mounting a module's routes", async () => {
    for (const [file, from] of [
      ['apps/server/src/modules/x/x.service.ts', '../y/index.ts'],
      ['apps/server/src/modules/x/sub/x-job.ts', '../../y/index.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../../integrations/index.ts'],
      ['apps/server/src/storefront/x.ts', '../modules/y/index.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../../shared/pg-errors.ts'],
      ['apps/server/src/modules/x/x.service.ts', '../../tenancy/tenant.ts'],
      ['apps/server/src/app.ts', './modules/y/y.routes.ts'],
      ['apps/server/src/app.ts', './modules/y/sub/y-sub.routes.ts'],
    ]) {
      expect(await layering(use(from), file), `${file} <- ${from}`).toEqual([]);
    }
  });

  it('keeps the Drizzle rule beside the module rules in the same file', async () => {
    const both = `import { eq } from 'drizzle-orm';\nimport { y } from '../y/y.repository.ts';\nexport const f = [eq, y];\n`;
    const found = await layering(both, 'apps/server/src/modules/x/x.service.ts');
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/Drizzle only in/), expect.stringMatching(REPOSITORY)]));
    const inRepository = await layering(both, 'apps/server/src/modules/x/x.repository.ts');
    expect(inRepository.some((m) => REPOSITORY.test(m))).toBe(true);
    expect(inRepository.some((m) => /Drizzle only in/.test(m))).toBe(false);
  });
});

describe('apiFetch only in the web app *.api.ts files', () => {
  const CALL = `import { apiFetch, errorMessage } from '../../shared/api';\nexport const load = () => apiFetch('/api/me').catch(errorMessage);\n`;

  it('refuses apiFetch in a page, but not the other exports of shared/api', async () => {
    expect(await layering(CALL, 'apps/web/src/features/x/XPage.tsx')).toEqual([expect.stringMatching(/'apiFetch' import .*\*\.api\.ts/)]);
    expect(await layering(`import { errorMessage } from '../../shared/api';\nexport const m = errorMessage;\n`, 'apps/web/src/features/x/XPage.tsx')).toEqual([]);
    expect(await layering(`import { apiFetch } from './api';\nexport const f = apiFetch;\n`, 'apps/web/src/shared/thing.ts')).toHaveLength(1);
  });

  it('allows it in an *.api.ts file', async () => {
    expect(await layering(CALL, 'apps/web/src/features/x/x.api.ts')).toEqual([]);
  });
});

describe('packages/domain imports no apps, node or server packages', () => {
  const file = 'packages/domain/src/x.ts';

  it('refuses the apps, by path or by package name', async () => {
    for (const from of ['../../../apps/server/src/app.ts', '@backroom/server', '@backroom/web/src/shared/api']) {
      const found = await layering(`import { a } from '${from}';\nexport const b = a;\n`, file);
      expect(found.some((m) => /imports nothing from the apps/.test(m)), from).toBe(true);
    }
  });

  it('refuses node built-ins and server packages', async () => {
    for (const from of ['node:crypto', 'fs', 'drizzle-orm', 'fastify', 'pg']) {
      const found = await layering(`import a from '${from}';\nexport const b = a;\n`, file);
      expect(found, from).toEqual([expect.stringMatching(/packages\/domain is pure/)]);
    }
  });

  it('allows its own files, zod and dayjs', async () => {
    expect(await layering(`import { z } from 'zod';\nimport dayjs from 'dayjs';\nimport { x } from './money.ts';\nexport const y = [z, dayjs, x];\n`, file)).toEqual([]);
  });
});
