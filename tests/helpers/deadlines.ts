// How long the tests wait for a server they start, in one place. `npm run bench:start` measures a
// fresh data folder's first answer (docs/benchmarks.md, "Server start"): STARTED_ALONE_MS on a quiet
// 2-core machine, and at worst SUITE_SLOWDOWN times that while the rest of the suite runs beside it.
// A deadline allows twice that worst case; a test's timeout adds its server starts to its own work.

/** bench:start's fresh data folder on a quiet 2-core machine: its first answer, rounded up. */
export const STARTED_ALONE_MS = 5_000;
/** The most that starting beside the whole suite was seen to slow it (bench:start --beside-suite). */
export const SUITE_SLOWDOWN = 3;
/** How long a test waits for a server it spawned to answer before it fails and kills it. */
export const SERVER_READY_MS = 2 * SUITE_SLOWDOWN * STARTED_ALONE_MS;

/** A test's or a hook's timeout: its own work, plus `starts` servers started one after another. */
export function withServerStarts(starts: number, workMs = 30_000): number {
  return workMs + starts * SERVER_READY_MS;
}
