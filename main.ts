// Production entry: one HTTP server serving the built Astro app, with the database opened and
// migrated before the first request is accepted, /healthz and /readyz answered ahead of the app, and
// a graceful stop on SIGTERM.
import { createServer, type RequestListener } from 'node:http';
import { withCompressionAndCaching } from '#web/compression/index.ts';
import { withStaticFiles } from '#web/compression/static-files.ts';
import { ConfigError, loadConfig } from '#platform/config.ts';
import { DataDirLockedError } from '#platform/db/data-dir-lock.ts';
import { IncompatibleDataDirError } from '#platform/db/pglite-version.ts';
import { startGoogleSyncSchedule } from '#domain/integrations/google/scheduler.ts';
import { databaseChecks, readinessProbe, withHealthRoutes } from '#app/health.ts';
import { withNodeResponse } from '#web/live/node-response.ts';
import { log, logError, setLogLevel } from '#platform/log/log.ts';
import { createRuntime, installRuntime, openDatabase, stopRuntime } from '#app/runtime.ts';
import { drainable } from '#app/server-drain.ts';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** How long past the shutdown timeout the database and the queue get to close before the process exits anyway. */
const STOP_GRACE_MS = 10_000;

/** Milliseconds since the process started, when each part of the start-up was done (bench:start reads them). */
const startedAt = (): number => Math.round(performance.now());

async function start() {
  const startup: Record<string, number> = { modulesLoaded: startedAt() };
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // Set before the first line, so that LOG_LEVEL=warn hides the start's own lines too.
  setLogLevel(config.logLevel);
  log.info(`Starting Review Challenge on ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}...`);
  let database;
  try {
    database = await openDatabase(config, { say: (line) => log.info(line) });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof IncompatibleDataDirError) fail(error.message);
    throw error;
  }
  startup.databaseOpened = startedAt();
  const runtime = await installRuntime(createRuntime(config, database));
  const googleSync = startGoogleSyncSchedule(runtime);
  startup.migratedAndQueueStarted = startedAt();

  const entry = new URL('./dist/server/entry.mjs', import.meta.url).href;
  const { handler: astroHandler } = (await import(entry)) as { handler: RequestListener };
  startup.appLoaded = startedAt();
  // Compression and caching: docs/decisions/040; the static files: 074; the node response in the request's context: 047.
  const handler = withCompressionAndCaching(withStaticFiles(withNodeResponse(astroHandler)));
  let stopping = false;
  const readiness = readinessProbe([
    { reason: 'shutting down', ready: async () => !stopping },
    ...databaseChecks(runtime.database),
    { reason: 'job queue stopped', ready: async () => runtime.jobs.running() },
  ]);
  const server = createServer(withHealthRoutes(handler, { readiness, https: config.publicUrl.startsWith('https:') }));
  const requests = drainable(server);
  // A deploy reconnects every screen at once: a longer accept queue than node's 511 (the kernel caps
  // it at net.core.somaxconn) keeps thousands of simultaneous connects from being dropped and retried.
  server.listen({ port: config.port, host: config.host, backlog: 4096 }, () => {
    const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    const listening = startedAt();
    log.info(
      { startup: { ...startup, listening } },
      `Review Challenge is running on ${config.publicUrl} (using ${where}; ready ${(listening / 1000).toFixed(1)} s after it started)`,
    );
  });

  // /readyz says "shutting down", no connection is accepted, requests in flight finish, event streams
  // are told to reconnect (elsewhere), the queue's running jobs end: all within the timeout. Then the
  // database is closed. A second signal stops at once.
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: stopping without waiting`);
      process.exit(1);
    }
    stopping = true;
    const timeoutMs = config.shutdownTimeoutMs;
    log.info(`${signal}: finishing the requests in flight (up to ${timeoutMs} ms), then stopping`);
    const deadline = Date.now() + timeoutMs;
    // Whatever hangs (a database that does not close, a job that ignores its deadline), the process
    // ends: a deploy waits for it, and a stop that never ends holds the data folder's lock.
    setTimeout(() => {
      log.error(`Still stopping ${timeoutMs + STOP_GRACE_MS} ms after ${signal}: exiting without waiting`);
      process.exit(1);
    }, timeoutMs + STOP_GRACE_MS).unref();
    const drained = requests.drain(timeoutMs);
    runtime.live.closeAll();
    if (!(await drained)) log.warn(`Requests still running after ${timeoutMs} ms were cut`);
    googleSync.stop();
    try {
      // Jobs running (a Google sync, emails) get what is left of the time; those cut are retried.
      await stopRuntime(Math.max(0, deadline - Date.now()));
    } catch (error) {
      logError('Could not close the database', error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await start();
