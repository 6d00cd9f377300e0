import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
    ],
  },
});
