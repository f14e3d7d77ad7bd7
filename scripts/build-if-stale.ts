// `npm start` on a fresh clone (or after a change to the source) builds first; otherwise it starts at once.
// The embedded database's template is part of the build, made again when it no longer fits or lacks a migration.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { migrationAfterTemplate, templateUnfit } from '#platform/db/pglite-template.ts';

const root = new URL('..', import.meta.url).pathname;
const output = join(root, 'dist/server/entry.mjs');
const inputs = ['src', 'public', 'astro.config.mjs', 'package.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
if (built < Math.max(...inputs.map((p) => newest(join(root, p))))) {
  console.log('Building Review Challenge (a first start, or the source changed): usually under a minute...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// A template that fits still gets a migration added after it (a new data folder would apply it at start).
if (templateUnfit() !== null || migrationAfterTemplate() !== null) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/make-database-template.ts')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
