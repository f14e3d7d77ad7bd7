import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInside } from './resolve-hooks.ts';

const root = new URL('../../', import.meta.url).pathname;
const drizzle = join(root, 'node_modules/drizzle-orm');

function packageManifests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? packageManifests(join(dir, entry.name)) : entry.name === 'package.json' ? [join(dir, entry.name)] : [],
  );
}

describe('the resolve hook for drizzle-orm', () => {
  it('rests on what is installed: "type": "module" and one package.json for the whole package', () => {
    expect((JSON.parse(readFileSync(join(drizzle, 'package.json'), 'utf8')) as { type?: string }).type).toBe('module');
    expect(packageManifests(drizzle)).toEqual([join(drizzle, 'package.json')]);
  });

  it('answers relative .js imports inside the package as ES modules, and hands every other import on', () => {
    const scope = 'file:///app/node_modules/drizzle-orm/';
    const next = (specifier: string) => ({ url: `next:${specifier}` });
    const resolve = resolveInside(scope);
    const from = (parentURL: string, specifier: string) => resolve(specifier, { parentURL, conditions: [], importAttributes: {} }, next as never);
    expect(from(`${scope}pg-core/index.js`, './table.js')).toEqual({ url: `${scope}pg-core/table.js`, format: 'module', shortCircuit: true });
    expect(from(`${scope}pg-core/columns/text.js`, '../../sql/sql.js')).toEqual({ url: `${scope}sql/sql.js`, format: 'module', shortCircuit: true });
    expect(from(`${scope}index.cjs`, './sql/sql.cjs')).toEqual({ url: 'next:./sql/sql.cjs' });
    expect(from(`${scope}index.js`, '../pg/index.js')).toEqual({ url: 'next:../pg/index.js' });
    expect(from('file:///app/src/platform/db/schema.ts', './x.js')).toEqual({ url: 'next:./x.js' });
    expect(from(`${scope}index.js`, 'postgres')).toEqual({ url: 'next:postgres' });
  });

  it('loads the same drizzle-orm files for the server with the hook as without it', () => {
    // A child process of its own: the hook is registered as `npm start` registers it.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve: (s, c, next) => { const r = next(s, c); seen.push(r.url); return r; } });
      await import('./src/app/runtime.ts');
      console.log(JSON.stringify(seen.filter((u) => u.includes('/drizzle-orm/')).sort()));`;
    const run = (flags: string[]) => spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    const plain = run([]);
    const hooked = run(['--import=./src/app/resolve-hooks.ts']);
    expect(plain.status, plain.stderr).toBe(0);
    expect(hooked.status, hooked.stderr).toBe(0);
    const files = JSON.parse(plain.stdout) as string[];
    expect(files.length).toBeGreaterThan(100);
    expect(JSON.parse(hooked.stdout)).toEqual(files);
  });
});
