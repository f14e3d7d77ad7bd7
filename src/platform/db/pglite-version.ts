import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export class IncompatibleDataDirError extends Error {}

/**
 * The PostgreSQL major version inside the bundled PGlite; pglite-version.db.test.ts fails when an
 * upgrade of the package changes it.
 */
export const PGLITE_PG_MAJOR = 18;

/**
 * Stops before PGlite opens a database folder another PostgreSQL major version wrote: PGlite cannot
 * read it and fails with an abort that says nothing useful. A folder with no database yet passes.
 */
export function checkPgliteFolderVersion(databaseDir: string, dataDir: string): void {
  const versionFile = join(databaseDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const found = readFileSync(versionFile, 'utf8').trim();
  if (found === String(PGLITE_PG_MAJOR)) return;
  throw new IncompatibleDataDirError(
    `The embedded database in ${dataDir} was written by PostgreSQL ${found}, and this version of ` +
      `Review Challenge runs PostgreSQL ${PGLITE_PG_MAJOR}: it cannot open that folder.\n` +
      'To move the data across: with the version of Review Challenge that last ran on this folder, ' +
      'stop the server and run `npm run cli -- backup backup.sql`; then, with this version, run ' +
      '`DATA_DIR=<an empty folder> npm run cli -- restore backup.sql` and start the server on that folder.',
  );
}
