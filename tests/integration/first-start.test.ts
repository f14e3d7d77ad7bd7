import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// Issue 33, item 11 (decision 068): a self-hoster's first start says what it is doing before it takes
// its time, and the second start on the same data folder does none of the first start's work again.

const dataDir = mkdtempSync(join(tmpdir(), 'rc-first-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The messages of one start of the embedded server on `dataDir`, in order, until it answers. */
async function startOnce(): Promise<string[]> {
  const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'info', DATABASE_URL: '', APP_SECRET: '' });
  try {
    await server.ready();
  } finally {
    await server.stop();
  }
  return server
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe.runIf(databaseKind === 'pglite')('the embedded server on a new data folder', () => {
  it(
    'says it is starting, that it makes the database from the prepared copy, and how long the start took; a second start only opens it',
    async () => {
      const first = await startOnce();
      const said = (messages: string[], start: string) => messages.findIndex((msg) => msg.startsWith(start));
      expect(first[0]).toBe('Starting Review Challenge on the embedded database...');
      const made = said(first, `New data folder: the embedded database in ${dataDir} starts from the build's prepared copy`);
      const running = said(first, 'Review Challenge is running on');
      expect(made).toBeGreaterThan(0);
      expect(running).toBeGreaterThan(made);
      expect(first[running]).toMatch(/ready \d+\.\d s after it started\)$/);
      // The build's copy holds every migration: nothing is left to apply.
      expect(said(first, 'Applying')).toBe(-1);

      const second = await startOnce();
      expect(second[0]).toBe('Starting Review Challenge on the embedded database...');
      expect(said(second, `Opening the embedded database in ${dataDir}`)).toBeGreaterThan(0);
      expect(said(second, 'New data folder')).toBe(-1);
      expect(said(second, 'Applying')).toBe(-1);
      expect(said(second, 'Review Challenge is running on')).toBeGreaterThan(0);
    },
    withServerStarts(2),
  );
});
