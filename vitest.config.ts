import { defineConfig } from 'vitest/config';

const integrationDatabases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Two test files at a time: most of a file's time is spent waiting (servers, browsers, timers).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/fakes/**/*.test.ts'] },
      },
      ...integrationDatabases.map((kind) => ({
        extends: true,
        test: {
          name: `integration-${kind}`,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TEST_DB_KIND: kind },
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
        },
      },
    ],
  },
});
