import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm test` on a fresh clone: the entry installs what is missing, then hands over to the pinned
// Node. Run here in a copy of the project whose "npm" and "pinned Node" are stand-ins that record
// what they were asked.

const ENTRY = new URL('./test-entry.mjs', import.meta.url).pathname;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(): string {
  dir = mkdtempSync(join(tmpdir(), 'rc-entry-'));
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(ENTRY, join(dir, 'scripts', 'test-entry.mjs'));
  // A stand-in npm: "install" lays out the pinned Node (a script that records its arguments).
  writeFileSync(
    join(dir, 'fake-npm.cjs'),
    `const fs = require('fs'), path = require('path');
     fs.appendFileSync(path.join(process.cwd(), 'npm.log'), process.argv.slice(2).join(' ') + '\\n');
     for (const p of ['node_modules/node/bin', 'node_modules/vitest', 'node_modules/astro']) fs.mkdirSync(p, { recursive: true });
     fs.writeFileSync('node_modules/node/bin/node', '#!/bin/sh\\necho "$@" > pinned.log\\nexit 3\\n');
     fs.chmodSync('node_modules/node/bin/node', 0o755);`,
  );
  return dir;
}

const run = (cwd: string, args: string[] = []) =>
  spawnSync(process.execPath, [join(cwd, 'scripts', 'test-entry.mjs'), ...args], {
    cwd,
    env: { ...process.env, npm_execpath: join(cwd, 'fake-npm.cjs') },
    encoding: 'utf8',
  });

describe('the test entry', () => {
  it('installs the dependencies of a fresh clone, then runs the suite on the pinned Node with the arguments', () => {
    const cwd = project();
    const result = run(cwd, ['--project', 'unit']);
    expect(readFileSync(join(cwd, 'npm.log'), 'utf8')).toBe('install --no-audit --no-fund\n');
    expect(readFileSync(join(cwd, 'pinned.log'), 'utf8').trim()).toBe(`${join(cwd, 'scripts', 'test.ts')} --project unit`);
    // The suite's exit code is npm test's.
    expect(result.status).toBe(3);
  });

  it('does not install again when everything is there', () => {
    const cwd = project();
    run(cwd);
    writeFileSync(join(cwd, 'npm.log'), '');
    run(cwd);
    expect(readFileSync(join(cwd, 'npm.log'), 'utf8')).toBe('');
  });

  it('stops with a message when the install fails', () => {
    const cwd = project();
    writeFileSync(join(cwd, 'fake-npm.cjs'), 'process.exit(7)');
    chmodSync(join(cwd, 'fake-npm.cjs'), 0o644);
    const result = run(cwd);
    expect(result.status).toBe(7);
    expect(result.stderr).toContain('npm install failed');
  });
});
