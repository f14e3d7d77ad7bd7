// Part of the build: the embedded database, migrated and with the job queue's schema, that a new data
// folder is copied from (src/platform/db/pglite-template.ts). A template that fits what is installed is kept.
import { PGlite } from '@electric-sql/pglite';
import { migrate, readMigrations } from '#platform/db/migrate.ts';
import { pgliteDatabase } from '#platform/db/pglite.ts';
import { makeTemplate, TEMPLATE_ROOT } from '#platform/db/pglite-template.ts';
import { startJobQueue } from '#platform/jobs/queue.ts';

const started = performance.now();
const outcome = await makeTemplate(async (databaseDir) => {
  // Only when a template is made: after a first build, or one that changed a migration, PGlite or pg-boss.
  console.log(
    `Preparing the embedded database that new data folders start from: PostgreSQL's first start, then ${readMigrations().length} migrations and the job queue's tables. Once per build that changes them; usually 3 to 60 s...`,
  );
  const database = pgliteDatabase(await PGlite.create(databaseDir));
  try {
    await migrate(database);
    await (await startJobQueue(database)).stop(0);
  } finally {
    await database.close();
  }
});
if (outcome === 'made') console.log(`The embedded database is prepared, in ${((performance.now() - started) / 1000).toFixed(1)} s (${TEMPLATE_ROOT}).`);
