import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '#platform/config.ts';
import type { Database } from '#platform/db/database.ts';
import { createRuntime, installRuntime, stopRuntime } from '#app/runtime.ts';
import { withStaticFiles } from '#web/compression/static-files.ts';
import { testDatabase } from './database.ts';

export const TEST_APP_SECRET = 'test-secret-that-is-long-enough-for-hkdf-0123456789';

export interface TestApp {
  url: string;
  database: Database;
  /** Drops every connection and stops listening for `downMs`, as a restart does, then listens again. */
  restart(downMs: number): Promise<void>;
  close(): Promise<void>;
}

let handler: RequestListener | undefined;

/**
 * The built app served in this test process, on its own database and a free port. `wrap` lets a test
 * change how the app sees its database (say, notices that come back late); the app and `database` get the wrapped one.
 */
export async function startApp(env: Record<string, string> = {}, wrap: (database: Database) => Database = (d) => d): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-app-'));
  const database = wrap(await testDatabase());
  const server = createServer((req, res) => handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  // Test files register many workspaces from one address; the limit has tests of its own. Request
  // lines would bury the test report: the log says only warnings and failures unless asked. The
  // suite's retry schedule (vitest.config.ts) applies here as in the servers the tests spawn.
  const { NODE_ENV, RETRY_DELAY_SECONDS } = process.env;
  const config = loadConfig({
    NODE_ENV,
    RETRY_DELAY_SECONDS,
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: url,
    REGISTRATIONS_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  await installRuntime(createRuntime(config, database));
  if (!handler) {
    const entry = new URL('../../dist/server/entry.mjs', import.meta.url).href;
    // The app with the static files in front, as main.ts serves it (without its compression).
    handler = withStaticFiles(((await import(/* @vite-ignore */ entry)) as { handler: RequestListener }).handler);
  }
  return {
    url,
    database,
    restart: async (downMs) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stopRuntime();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
