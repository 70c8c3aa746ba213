import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; two ran the unit and API tests in 1,055 s against
    // 1,287 s (the PostgreSQL server and server processes the tests start leave a core idle at times).
    // The journeys stay on one (fileParallelism: false below): two took as long, their servers and
    // Chromium already keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          // test/: checks of the repository itself (lint zones, requirements), plain Node like these.
          include: ['packages/contract/test/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Pure functions: one worker for all files rather than a worker start per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: [
            'apps/api/test/helpers/postgres-templates.ts',
            'apps/api/test/helpers/server-bundle.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker keeps its imported modules from one file to the next: importing the app took
          // 8 s per file. API tests share no module state (each builds its own app and database).
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/support/seeded-template.ts', 'apps/api/test/helpers/server-bundle.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Each file starts its own server process and browser; sharing the worker only saves its start.
          isolate: false,
        },
      },
    ],
  },
});
