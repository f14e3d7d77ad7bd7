import { defineConfig } from 'vitest/config';

const integrationDatabases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Two test files at a time for the unit and browser tests: Chromium and the unit tests keep both
    // cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/fakes/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
      ...integrationDatabases.map((kind) => ({
        extends: true,
        test: {
          name: `integration-${kind}`,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TEST_DB_KIND: kind },
          // Three API test files at a time: many of them spend much of their time waiting (for the job
          // queue's retries, for servers to start, for SMTP or webhook receivers), so a third file uses
          // the CPU meanwhile. A project with its own maxWorkers needs its own group: the API tests run
          // first (beside `astro check`, see scripts/test.ts), then the unit and browser tests.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      })),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
