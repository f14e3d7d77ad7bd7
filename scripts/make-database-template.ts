// Part of the build: the embedded database, migrated and with the job queue's schema, that a new data
// folder is copied from (src/platform/db/pglite-template.ts). A template that fits what is installed is kept.
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '#platform/db/migrate.ts';
import { pgliteDatabase } from '#platform/db/pglite.ts';
import { makeTemplate, TEMPLATE_ROOT } from '#platform/db/pglite-template.ts';
import { startJobQueue } from '#platform/jobs/queue.ts';

const started = performance.now();
const outcome = await makeTemplate(async (databaseDir) => {
  const database = pgliteDatabase(await PGlite.create(databaseDir));
  try {
    await migrate(database);
    await (await startJobQueue(database)).stop(0);
  } finally {
    await database.close();
  }
});
if (outcome === 'made') console.log(`Made the embedded database's template in ${TEMPLATE_ROOT} (${Math.round(performance.now() - started)} ms)`);
