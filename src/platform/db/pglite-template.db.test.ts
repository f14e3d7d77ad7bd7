import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from './migrate.ts';
import { openPgliteFolder } from './pglite.ts';
import { copyTemplate, makeTemplate, migrationAfterTemplate, TEMPLATE_ROOT, templateUnfit } from './pglite-template.ts';

// The build's template exists here: the unit project's global setup builds it (tests/global-setup.ts).
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `rc-${name}-`));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A template root holding only the build's manifest, changed by `change`: enough to be judged. */
function manifestOnly(change: (manifest: { pglite: string; pgBoss: string; migrations: Record<string, string> }) => void): string {
  const root = folder('template');
  const manifest = JSON.parse(readFileSync(join(TEMPLATE_ROOT, 'manifest.json'), 'utf8'));
  change(manifest);
  writeFileSync(join(root, 'manifest.json'), JSON.stringify(manifest));
  return root;
}

describe('a new embedded data folder', () => {
  it('opens migrated, with the job queue schema, before any migration runs', async () => {
    const dataDir = folder('data');
    const database = await openPgliteFolder(dataDir);
    try {
      const applied = await database.transaction((tx) => tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
      expect(applied.map((row) => row.name)).toEqual(readMigrations().map((m) => m.name));
      const [queue] = await database.transaction((tx) => tx.query<{ present: boolean }>("SELECT to_regclass('pgboss.job') IS NOT NULL AS present"));
      expect(queue!.present).toBe(true);
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, 'pglite.partial'))).toBe(false);
  });

  it('is made by initdb when the template fits but cannot be opened', async () => {
    const root = manifestOnly(() => {});
    mkdirSync(join(root, 'pglite'));
    writeFileSync(join(root, 'pglite', 'PG_VERSION'), '18\n');
    const dataDir = folder('data');
    const database = await openPgliteFolder(dataDir, { templateRoot: root });
    try {
      const [registry] = await database.transaction((tx) => tx.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present"));
      expect(registry!.present).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('opens empty, as initdb makes it, for a restore', async () => {
    const database = await openPgliteFolder(folder('restore'), { template: false });
    try {
      const [registry] = await database.transaction((tx) => tx.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present"));
      expect(registry!.present).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe('the template', () => {
  it('fits what is installed after the build', () => {
    expect(templateUnfit()).toBeNull();
  });

  it('is not used when a migration it holds has changed since, nor by another PGlite or pg-boss', () => {
    const first = readMigrations()[0]!.name;
    const changed = manifestOnly((m) => (m.migrations[first] = 'f'.repeat(64)));
    expect(templateUnfit(changed)).toBe(`migration ${first} changed since the template was made`);
    const target = join(folder('data'), 'pglite');
    expect(copyTemplate(target, changed)).toMatch(/changed since/);
    expect(existsSync(target)).toBe(false);
    expect(templateUnfit(manifestOnly((m) => (m.pglite = '0.0.1')))).toMatch(/PGlite 0\.0\.1/);
    expect(templateUnfit(manifestOnly((m) => (m.pgBoss = '1.0.0')))).toMatch(/pg-boss 1\.0\.0/);
  });

  it('is still used when migrations were added after it was made (they apply at start), and made again by the next build', () => {
    const last = readMigrations().at(-1)!.name;
    expect(templateUnfit(manifestOnly((m) => delete m.migrations[last]))).toBeNull();
    expect(migrationAfterTemplate(manifestOnly((m) => delete m.migrations[last]))).toBe(last);
    expect(migrationAfterTemplate()).toBeNull();
  });

  it('is never copied over a folder that holds anything', () => {
    const target = join(folder('data'), 'pglite');
    mkdirSync(target);
    writeFileSync(join(target, 'PG_VERSION'), '18\n');
    expect(() => copyTemplate(target)).toThrow(/already holds files/);
    expect(readFileSync(join(target, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('is made whole or not at all, and kept while it fits', async () => {
    const root = join(folder('build'), 'database-template');
    await expect(makeTemplate(async () => Promise.reject(new Error('cut short')), root)).rejects.toThrow('cut short');
    expect(templateUnfit(root)).toBe('no template was built');
    expect(readdirSync(dirname(root))).toEqual([]);
    let prepared = 0;
    const prepare = async (dir: string) => {
      prepared++;
      cpSync(join(TEMPLATE_ROOT, 'pglite', 'PG_VERSION'), join(mkdirSync(dir, { recursive: true })!, 'PG_VERSION'));
    };
    expect(await makeTemplate(prepare, root)).toBe('made');
    expect(templateUnfit(root)).toBeNull();
    expect(await makeTemplate(prepare, root)).toBe('present');
    expect(prepared).toBe(1);
  });
});
