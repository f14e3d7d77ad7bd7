import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { POLL_MS } from './tests/helpers/deadlines.ts';
import { LongFilesFirst } from './tests/sequencer.ts';

/**
 * Node's compile cache (NODE_COMPILE_CACHE) for the test workers and every server they spawn: the
 * bytecode of the built app and of node_modules is kept between processes instead of compiled again
 * by each. The suite starts about 75 servers and a few dozen workers, each of which
 * compiled the same modules; a server's start went from about 2.0 to 1.4 CPU-seconds. Node checks
 * each entry against the source it was made from, so a change to the source is compiled afresh.
 */
const COMPILE_CACHE = fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url));

const UNIT_TESTS = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/fakes/**/*.test.ts', 'tests/sequencer.test.ts'];
const DATABASE_UNIT_TESTS = 'src/**/*.db.test.ts';

const integrationDatabases = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    pool: 'forks',
    // A worker process runs one test file after another instead of a new process per file: each file
    // paid about two seconds of CPU to load the built app, PGlite and the test helpers again, over 200
    // files (docs/benchmarks.md, "The suite's time"). What a file starts it stops: servers, databases and
    // browsers are closed in its afterAll, the runtime is installed per app (tests/helpers/app.ts).
    isolate: false,
    // Two test files at a time (the API tests on PGlite: three, below): Chromium, the unit tests and
    // the API tests' servers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: POLL_MS } },
    // The files that took longest last time start first in their group (tests/sequencer.ts).
    sequence: { sequencer: LongFilesFirst },
    // The workers import drizzle-orm as the server does, without Node re-reading its manifest per file
    // (src/app/resolve-hooks.ts, decision 050).
    execArgv: ['--import=./src/app/resolve-hooks.ts'],
    // Passwords hashed at 2^10 instead of the product's 2^15: the suite's servers hash over a thousand
    // of them, and their cost is what a test of sign-in cannot notice (decision 051). The servers the
    // tests spawn inherit it; config.ts refuses it outside a test run. Likewise every queued job is
    // retried a second after it failed instead of on the product's 2 s to 10 h backoff: a test of a
    // retry waits for the retry, not for the schedule (the schedule itself: src/platform/jobs/queue.test.ts).
    env: { NODE_ENV: 'test', PASSWORD_HASH_COST: '10', RETRY_DELAY_SECONDS: '1', NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE },
    projects: [
      {
        // The unit tests that need no database, no build and no server: part of `npm run ok`, the fast gate.
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, DATABASE_UNIT_TESTS],
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Unit tests on a database of their own (named *.db.test.ts): an in-memory PGlite loaded from the
        // migrated template the global setup makes.
        extends: true,
        test: {
          name: 'unit-db',
          include: [DATABASE_UNIT_TESTS],
          globalSetup: ['tests/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      ...integrationDatabases.map((kind) => ({
        extends: true,
        test: {
          name: `integration-${kind}`,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          env: { TEST_DB_KIND: kind },
          // On PGlite, three API test files at a time: many of them spend much of their time waiting
          // (for the job queue's retries, for SMTP or webhook receivers), so a third file uses the CPU
          // meanwhile. A project with its own maxWorkers needs its own group: these run first, then
          // everything else, two files at a time. PostgreSQL stays at two: a third file's servers (13 connections each)
          // could exhaust the server's 100 connections ("sorry, too many clients already").
          ...(kind === 'pglite' ? { maxWorkers: 3, sequence: { groupOrder: 0 } } : { sequence: { groupOrder: 1 } }),
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
