// Production entry: one HTTP server serving the built Astro app, with the database opened and
// migrated before the first request is accepted.
import { createServer, type RequestListener } from 'node:http';
import { ConfigError, loadConfig } from './src/lib/config.ts';
import { DataDirLockedError } from './src/lib/db/data-dir-lock.ts';
import { startGoogleSyncSchedule } from './src/lib/google/scheduler.ts';
import { log } from './src/lib/log.ts';
import { createRuntime, installRuntime, openDatabase, stopRuntime } from './src/lib/runtime.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  const runtime = await installRuntime(createRuntime(config, database));
  const googleSync = startGoogleSyncSchedule(runtime);

  const entry = new URL('./dist/server/entry.mjs', import.meta.url).href;
  const { handler } = (await import(entry)) as { handler: RequestListener };
  const server = createServer(handler);
  server.listen(config.port, config.host, () => {
    const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    log.info(`Review Challenge is running on ${config.publicUrl} (using ${where})`);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    googleSync.stop();
    await stopRuntime();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await start();
