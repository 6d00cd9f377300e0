import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// API test files that vi.mock a module the others load for real get modules of their own (the
// server-mocked project, isolated): the server project's workers keep modules from file to file
// (docs/testing.md "Speed"). Found by reading the files, so a new mocking file cannot be forgotten.
const serverTests = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/server/test');
const MOCKING_FILES = fs
  .readdirSync(serverTests)
  .filter((name) => name.endsWith('.test.ts') && /\bvi\.mock\(/.test(fs.readFileSync(path.join(serverTests, name), 'utf8')))
  .map((name) => `test/${name}`);

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          exclude: MOCKING_FILES,
          isolate: false,
          // the migrated and seeded database each test file starts from, built once
          globalSetup: ['test/global-setup.ts'],
          // each API test file boots its own app on a fresh database (a copy of the template), so
          // files run side by side, one per core and at least two (the CI machine has two):
          // docs/testing.md "Speed"
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: Math.max(2, Math.min(4, os.availableParallelism())),
        },
      },
      {
        test: {
          name: 'server-mocked',
          root: './apps/server',
          include: MOCKING_FILES,
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: Math.max(2, Math.min(4, os.availableParallelism())),
        },
      },
    ],
  },
});
