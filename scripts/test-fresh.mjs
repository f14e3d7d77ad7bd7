// `npm run test:fresh`: the README's test command as a new contributor runs it. Clones this repository
// (its last commit: uncommitted changes are not in a clone) into a temporary folder, runs `npm test`
// there with this environment (TEST_DATABASE_URL included), and prints how long it took. The clone is
// removed afterwards unless --keep is given. Plain JavaScript: it runs on whatever Node the machine has.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const keep = process.argv.includes('--keep');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim();
if (dirty) console.log('Note: this checkout has uncommitted changes; the clone has only what is committed.');
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();

const parent = mkdtempSync(join(tmpdir(), 'rc-fresh-'));
const clone = join(parent, 'review-challenge');
const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
if (cloned.status !== 0) process.exit(cloned.status ?? 1);

console.log(
  `test:fresh: npm test in a fresh clone of ${commit} (${clone}), ${cpus().length} cores, load average ${load()}, ` +
    `TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL ? 'set' : 'not set'}`,
);
const started = Date.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Only what a new contributor's shell has: none of this npm run's own variables, and a PATH without
// the node_modules/.bin folders npm put in front of it (this checkout's pinned Node among them).
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
env.PATH = (env.PATH ?? '')
  .split(':')
  .filter((dir) => !dir.includes('node_modules/.bin') && !dir.includes('node-gyp-bin'))
  .join(':');
const child = spawn(npm, ['test'], { cwd: clone, stdio: 'inherit', env });
const code = await new Promise((resolve) => child.once('close', (status) => resolve(status ?? 1)));
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `test:fresh: npm test on a fresh clone of ${commit} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ` +
    `${Math.floor(seconds / 60)} min ${seconds % 60} s; load average after ${load()}`,
);
if (keep || code !== 0) console.log(`The clone is kept in ${clone}`);
else rmSync(parent, { recursive: true, force: true });
process.exit(code);
