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
