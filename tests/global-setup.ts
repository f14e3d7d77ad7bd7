import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/lib/db/migrate.ts';
import { pgliteDatabase } from '../src/lib/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Builds the app when the source changed, and makes one migrated PGlite that every test file loads. */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.ts'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed');

  const dir = mkdtempSync(join(tmpdir(), 'rc-template-'));
  const pg = await PGlite.create();
  const database = pgliteDatabase(pg);
  await migrate(database);
  const dump = await pg.dumpDataDir('none');
  await database.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
