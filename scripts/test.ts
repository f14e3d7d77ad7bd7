// `npm test`: the whole suite. Type check and unit tests side by side, then API (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set) and browser tests. Installs Debian's Chromium when it is
// missing and this runs as root; otherwise the browser tests are skipped, and this says so loudly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASTRO_CHECK, BIOME } from './ok.ts';

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
  console.log("Installing Debian's Chromium for the browser tests...");
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

// Format and lint first: a second, and what it finds needs no server to show.
console.log('Format and lint (biome ci)...');
if (run(node, BIOME) !== 0) {
  banner(['FORMAT OR LINT FAILED (biome ci): see above. `npm run format` fixes the format.']);
  process.exit(1);
}

// Build first (the tests' global setup would): `astro check` and `astro build` must not run at once.
if (run(node, [join(root, 'scripts/build-if-stale.ts')]) !== 0) process.exit(1);

// The type check runs beside the unit tests, which start no server; the API and browser tests, which
// start servers and wait for them, come after both, with the machine to themselves (a server start
// beside `astro check` took several times as long). A failed check fails `npm test` as before. Named
// arguments (a filter, a project) run one vitest with them, after the type check.
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);
const phases = args.length
  ? [args]
  : [
      ['--project', 'unit', '--project', 'unit-db'],
      ['--project', 'integration-*', '--project', 'e2e'],
    ];
const reports: string[] = [];
let status = 0;
let check: Promise<{ status: number; output: string }> | undefined;
for (const [n, phase] of phases.entries()) {
  if (n === 0) {
    console.log(args.length ? 'Type checking (astro check) first...' : 'Type checking (astro check), beside the unit tests: its result comes after theirs...');
    check = inBackground(node, ASTRO_CHECK);
    if (args.length) await check;
  }
  const report = join(mkdtempSync(join(tmpdir(), 'rc-test-')), 'report.json');
  reports.push(report);
  const ran = await runAsync(node, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...phase]);
  if (ran !== 0) status = ran;
  if (n === 0) {
    const checked = await check!;
    console.log(`\nType check (astro check):\n${checked.output.trimEnd()}`);
    if (checked.status !== 0) {
      banner(['TYPE CHECK FAILED (astro check): see its output just above']);
      if (status === 0) status = checked.status;
    }
  }
}

const counted = reports.filter((report) => existsSync(report)).map((report) => JSON.parse(readFileSync(report, 'utf8')));
if (counted.length) {
  const sum = (key: string) => counted.reduce((total, report) => total + (report[key] as number), 0);
  if (browserProblem) banner(['BROWSER TESTS WERE SKIPPED', browserProblem]);
  if (status !== 0 && sum('numFailedTests') === 0) console.log('A run failed without a failed test (a setup, a type check or an error): see above.');
  console.log(`${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped`);
}
process.exit(status);
