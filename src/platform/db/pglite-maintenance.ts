import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { log, logError } from '../log/log.ts';

// PostgreSQL's autovacuum daemon does not run inside PGlite: without this, the embedded database
// never learns how big its tables are (the planner guessed a few rows and scanned every open request
// for each review) and never reclaims the rows that updates and the job queue leave dead.

/** PostgreSQL's own autovacuum thresholds (autovacuum_*_threshold and *_scale_factor defaults). */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

/** How often the embedded database's tables are looked at, as autovacuum_naptime does. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

interface TableState {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * Vacuums and analyzes the tables that autovacuum would have: many dead rows, many changes since
 * their last analysis, or never analyzed at all (a new database, a table a migration made). Returns
 * what it did, table by table.
 */
export async function maintainTables(db: Db): Promise<TableState[]> {
  const { rows } = (await db.execute(sql`
    SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS "table",
           s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) AS vacuum,
           (c.reltuples < 0 AND pg_relation_size(c.oid) > 0) OR s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0) AS analyze
    FROM pg_stat_user_tables AS s JOIN pg_class AS c ON c.oid = s.relid
    WHERE c.relkind = 'r'`)) as unknown as { rows: TableState[] };
  const tables = rows.filter((t) => t.vacuum || t.analyze);
  for (const { table, vacuum } of tables) {
    await db.execute(sql.raw(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`));
  }
  return tables;
}

/** Maintains the embedded database now, then every interval, until stopped; a failed pass is logged. */
export function startPgliteMaintenance(db: Db, intervalMs = MAINTENANCE_INTERVAL_MS): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  const run = () => {
    const started = performance.now();
    pass = maintainTables(db)
      .then((tables) => {
        // At debug level: a pass holds the database for its length, which explains a pause.
        if (tables.length) log.debug({ tables: tables.map((t) => t.table), ms: Math.round(performance.now() - started) }, 'Maintained the embedded database');
      })
      .catch((error) => logError('Could not maintain the embedded database', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs).unref();
      });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
