import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIVER_FIXES, driverModule, fixedDriverSource } from './postgres-driver-fix.ts';
import { loadFixed } from './resolve-hooks.ts';

const driver = join(new URL('../../', import.meta.url).pathname, 'node_modules/postgres');

describe('the fix of the PostgreSQL driver', () => {
  it('applies to the installed driver, as ES module and as CommonJS, each change exactly once', () => {
    for (const [module, fixes] of Object.entries(DRIVER_FIXES)) {
      for (const folder of ['', 'cjs/']) {
        const source = readFileSync(join(driver, folder, module), 'utf8');
        const fixed = fixedDriverSource(module, source);
        expect(fixed, `${folder}${module}`).not.toBeNull();
        for (const { after } of fixes) expect(fixed!.split(after)).toHaveLength(2);
      }
    }
  });

  it('is loaded in place of the driver’s modules, and no other file changes', () => {
    const load = (url: string, source: string) =>
      loadFixed(url, { conditions: [], format: 'module', importAttributes: {} }, () => ({ format: 'module', source, shortCircuit: true }));
    const connection = readFileSync(join(driver, 'src/connection.js'), 'utf8');
    expect(load(`file://${driver}/src/connection.js`, connection).source).toBe(fixedDriverSource('src/connection.js', connection));
    expect(load(`file://${driver}/src/connection.js`, connection).source).not.toBe(connection);
    expect(load('file:///app/node_modules/other/src/connection.js', connection).source).toBe(connection);
    expect(driverModule('file:///app/node_modules/postgres/cjs/src/index.js')).toBe('src/index.js');
    expect(driverModule('file:///app/node_modules/postgres/src/query.js')).toBeNull();
    expect(driverModule('file:///app/node_modules/postgres/cf/src/connection.js')).toBeNull();
  });

  it('gives up on a driver whose text has changed rather than change it half', () => {
    expect(fixedDriverSource('src/connection.js', 'function nextWrite(fn) {\n')).toBeNull();
    expect(fixedDriverSource('src/index.js', 'c.reserved = null\n      onopen(c)\n'.repeat(2))).toBeNull();
  });
});
