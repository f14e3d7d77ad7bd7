import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '#platform/db/migrate.ts';
import { pgliteDatabase } from '#platform/db/pglite.ts';
import { copyTemplate } from '#platform/db/pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** The migrated image, made once per vitest process: every project that names this setup shares it. */
interface SharedTemplate {
  path: Promise<string>;
  users: number;
  dir: string;
}
const shared = globalThis as typeof globalThis & { rcPgliteTemplate?: SharedTemplate };

async function makeTemplate(dir: string): Promise<string> {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed');
  // The build's template, migrated already: an in-memory image needs a tarball of it.
  const unfit = copyTemplate(join(dir, 'pglite'));
  if (unfit) throw new Error(`The embedded database's template cannot be used: ${unfit}`);
  const pg = await PGlite.create(join(dir, 'pglite'));
  const database = pgliteDatabase(pg);
  await migrate(database);
  const dump = await pg.dumpDataDir('none');
  await database.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return path;
}

/**
 * Builds the app when the source changed (with it the embedded database's template, which servers
 * spawned by the tests copy), and makes one migrated in-memory PGlite image that every test file loads.
 * Vitest runs this once per project that names it (the API tests on each database, the browser
 * tests, the database unit tests), all in its own process and before any test file: the first makes
 * the image, the others wait for it, and the last to finish removes it.
 */
export default async function setup(project: TestProject) {
  if (!shared.rcPgliteTemplate) {
    const dir = mkdtempSync(join(tmpdir(), 'rc-template-'));
    shared.rcPgliteTemplate = { path: makeTemplate(dir), users: 0, dir };
  }
  const template = shared.rcPgliteTemplate;
  template.users += 1;
  project.provide('pgliteTemplate', await template.path);
  return () => {
    template.users -= 1;
    if (template.users > 0) return;
    rmSync(template.dir, { recursive: true, force: true });
    shared.rcPgliteTemplate = undefined;
  };
}
