import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// The Dockerfile's runtime stage copies a few paths of the repository and the build's dist/: the
// server must start from exactly those. Docker is not needed: the COPY lines are read and followed.

const ROOT = new URL('../../', import.meta.url).pathname;

/** [source in the repository, destination under /app] for each COPY of the Dockerfile's last stage. */
function runtimeCopies(dockerfile: string): [string, string][] {
  const stages = dockerfile.split(/^FROM /m);
  return stages
    .at(-1)!
    .split('\n')
    .filter((line) => line.startsWith('COPY '))
    .flatMap((line) => {
      const words = line.split(/\s+/).slice(1);
      const fromBuild = words[0]?.startsWith('--from=');
      const [destination, ...sources] = words.filter((w) => !w.startsWith('--')).reverse();
      // A file of the build stage's /app is the one `npm run build` made here.
      return sources.reverse().map((source): [string, string] => [fromBuild ? source.replace(/^\/app\//, '') : source, destination!]);
    });
}

describe.runIf(databaseKind === 'pglite')('the container layout', () => {
  const layout = mkdtempSync(join(tmpdir(), 'rc-layout-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-layout-data-'));
  afterAll(() => {
    rmSync(layout, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app and runs the CLI from only what the Dockerfile copies', { timeout: withServerStarts(1) }, async () => {
    const copies = runtimeCopies(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    expect(copies.map(([source]) => source)).toEqual(expect.arrayContaining(['main.ts', 'migrations', 'dist', 'package.json', 'src/app', 'src/platform']));
    for (const [source, destination] of copies) {
      const target = destination.endsWith('/') ? join(layout, destination, source.split('/').at(-1)!) : join(layout, destination);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(ROOT, source), target, { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(layout, 'node_modules'));

    const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', APP_SECRET: '', PORT: String(await freePort()) }, layout);
    try {
      await server.ready();
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const help = spawnSync(process.execPath, ['src/cli.ts', '--help'], { cwd: layout, encoding: 'utf8' });
    expect(help.stdout).toMatch(/backup <file>/);
    expect(help.status).toBe(0);
  });
});
