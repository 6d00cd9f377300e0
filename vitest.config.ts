import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API test files that vi.mock a module the others load for real: they get modules of their own
const MOCKING_FILES = ['test/payouts.test.ts', 'test/portal-money.test.ts', 'test/portal-notify.test.ts'];

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
