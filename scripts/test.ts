// `npm test`: the whole suite. Type check, and beside it unit, API (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and browser tests. Installs Debian's Chromium when it is missing and
// this runs as root; otherwise the browser tests are skipped, and this says so loudly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

function run(command: string, args: string[], options: { quiet?: boolean } = {}): number {
  const result = spawnSync(command, args, { cwd: root, env, stdio: options.quiet ? 'ignore' : 'inherit' });
  return result.status ?? 1;
}

/** Like run, without blocking: the type check's output is read meanwhile. */
function runAsync(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

function banner(lines: string[]) {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${bar}\n`);
}

function ensureChromium(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.getuid?.() !== 0) return 'Chromium is not installed and this is not root: run `apt-get install chromium` as root.';
  console.log('Installing Debian\'s Chromium for the browser tests...');
  const installed =
    run('apt-get', ['update', '-qq']) === 0 &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {}) === 0 &&
    existsSync(CHROMIUM);
  return installed ? undefined : 'apt-get could not install chromium.';
}

const browserProblem = ensureChromium();
if (browserProblem) banner(['BROWSER TESTS SKIPPED', browserProblem]);
if (!process.env.TEST_DATABASE_URL) {
  console.log('Note: PostgreSQL integration tests skipped (set TEST_DATABASE_URL to run them as well).');
}

const node = process.execPath;

/** Runs a command beside the tests, keeping its output for the end. */
function inBackground(command: string, args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

// Build first (the tests' global setup would): `astro check` and `astro build` must not run at once.
if (run(node, [join(root, 'scripts/build-if-stale.ts')]) !== 0) process.exit(1);

// The type check uses the CPU while the API tests, which run first, mostly wait (job queue retries,
// server starts): run it beside them, and show its result once the tests are done. A failed check
// fails `npm test` as before.
console.log('Type checking (astro check), beside the tests: its result comes after theirs...');
const check = inBackground(node, [join(root, 'node_modules/astro/bin/astro.mjs'), 'check']);

const report = join(mkdtempSync(join(tmpdir(), 'rc-test-')), 'report.json');
const status = await runAsync(node, [
  join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
const checked = await check;

if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, 'utf8'));
  if (browserProblem) banner(['BROWSER TESTS WERE SKIPPED', browserProblem]);
  console.log(`${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
console.log(`\nType check (astro check):\n${checked.output.trimEnd()}`);
if (checked.status !== 0) banner(['TYPE CHECK FAILED (astro check): see its output just above']);
process.exit(status !== 0 ? status : checked.status);
