import { readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { PGLITE_SETTINGS, pgliteDatabase } from '#platform/db/pglite.ts';

/**
 * A test's own in-memory PGlite, migrated: loaded from the migrated copy the suite's global setup
 * made once (tests/global-setup.ts), in about a second where migrating a new one takes five. With
 * the server's own settings unless told otherwise: PostgreSQL's default 128 MB of shared buffers took
 * a third of that second to set up.
 */
export function migratedMemoryPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ postgresqlconf: PGLITE_SETTINGS, ...options, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
}

/** The same as a Database. */
export async function migratedMemoryDatabase(): Promise<Database> {
  return pgliteDatabase(await migratedMemoryPglite());
}
