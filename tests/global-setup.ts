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

/**
 * Builds the app when the source changed (with it the embedded database's template, which servers
 * spawned by the tests copy), and makes one migrated in-memory PGlite image that every test file loads.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed');

  const dir = mkdtempSync(join(tmpdir(), 'rc-template-'));
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
  project.provide('pgliteTemplate', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
