// `npm run ok`: the fast gate, under 90 s on 2 cores (docs/benchmarks.md, "The fast gate"). Format and
// lint (Biome, biome.json: one style, and the import rules of docs/architecture.md), then the type check
// (astro check) beside the unit tests that need no database, build or server. `npm test` runs the same
// checks before the rest of the suite; CI runs this first, so a wrong import fails in seconds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const node = process.execPath;
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

/** Runs a step, keeping its output for the end; resolves with its status, output and time. */
function step(name: string, args: string[]): Promise<{ name: string; status: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ name, status: 1, output: `${output}${error.message}\n`, seconds: (Date.now() - started) / 1000 }));
    child.once('close', (code) => resolve({ name, status: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

export const BIOME = [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'ci', '.'];
export const ASTRO_CHECK = [join(root, 'node_modules/astro/bin/astro.mjs'), 'check'];
const VITEST_UNIT = [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit'];

if (import.meta.main) {
  const started = Date.now();
  const lint = await step('format and lint (biome ci)', BIOME);
  const [check, unit] = await Promise.all([
    step('type check (astro check)', ASTRO_CHECK),
    step('unit tests without a database (vitest --project unit)', VITEST_UNIT),
  ]);
  let failed = 0;
  for (const result of [lint, check, unit]) {
    if (result.status !== 0) {
      failed++;
      console.log(`\n${result.name} FAILED:\n${result.output.trimEnd()}`);
    }
  }
  for (const result of [lint, check, unit]) console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)`);
  console.log(`npm run ok: ${failed ? `${failed} of 3 steps failed` : 'everything passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed ? 1 : 0);
}
