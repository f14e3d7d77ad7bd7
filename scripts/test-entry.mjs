// `npm test` on a fresh clone: this file runs on whatever Node the machine has (plain JavaScript,
// nothing to install), installs the dependencies when they are missing, then runs the suite
// (scripts/test.ts) on the Node version the project pins (the `node` devDependency).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pinnedNode = join(root, 'node_modules', 'node', 'bin', 'node');
const needed = [pinnedNode, join(root, 'node_modules', 'vitest'), join(root, 'node_modules', 'astro')];

if (!needed.every((path) => existsSync(path))) {
  console.log('Installing dependencies (npm install)...');
  const npm = process.env.npm_execpath
    ? spawnSync(process.execPath, [process.env.npm_execpath, 'install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
    : spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (npm.status !== 0 || !existsSync(pinnedNode)) {
    console.error('npm install failed: the tests cannot run without their dependencies.');
    process.exit(npm.status || 1);
  }
}

const tests = spawnSync(pinnedNode, [join(root, 'scripts', 'test.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(tests.status ?? 1);
