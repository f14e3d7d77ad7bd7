// How long the tests wait for a server they start, in one place. `npm run bench:start` measures a
// server's first answer after its spawn (docs/benchmarks.md, "Server start"): on a new data folder
// about 3 s on a quiet 2-core machine, and 8.7-12.2 s while the suite's API tests ran beside it (load
// average 6-7.5), up to four times as long. A deadline allows two and a half times that worst case.

/** bench:start's new data folder on a quiet 2-core machine: its first answer, rounded up. */
export const STARTED_ALONE_MS = 3_000;
/** How much the rest of the suite, running beside it, was seen to stretch a start (bench:start beside `npm test`). */
export const SUITE_SLOWDOWN = 4;
/** How long a test waits for a server it spawned to answer before it fails and kills it. */
export const SERVER_READY_MS = 2.5 * SUITE_SLOWDOWN * STARTED_ALONE_MS;

/**
 * How long `expect.poll` waits for what a page or a server shows (vitest's own default is 1 s, which a
 * start of four times as long also stretches past): set for every test in vitest.config.ts.
 */
export const POLL_MS = 2.5 * SUITE_SLOWDOWN * 1_000;

/** A timeout for work that takes `quietMs` on a quiet machine and is all CPU (password hashes, say). */
export function underSuiteLoad(quietMs: number): number {
  return 2.5 * SUITE_SLOWDOWN * quietMs;
}

/** A test's or a hook's timeout: its own work, plus `starts` servers started one after another. */
export function withServerStarts(starts: number, workMs = 30_000): number {
  return workMs + starts * SERVER_READY_MS;
}
