import type { Database, SqlTx } from '../db/database.ts';
import { readMigrations, SCHEMA_MIGRATIONS_TABLE, type Migration } from '../db/migrate.ts';
import { loadOrder, type ForeignKey } from './table-order.ts';

// A backup is plain SQL that any PostgreSQL from 15 on loads into an empty database (psql, or
// restore.ts on the embedded database): the migrations the database had applied, then its rows as
// text literals in an order that satisfies the foreign keys, then the sequences. It names no schema,
// so it loads into the search_path's. Every value is read as text and written back as an untyped
// literal, which PostgreSQL converts to the column's type on insert: one rule for every type.

export const BACKUP_HEADER = '-- Review Challenge backup';
const ROWS_PER_INSERT = 100;

export class BackupError extends Error {}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Columns referencing the table itself: set by UPDATEs once all its rows exist. */
  selfReferences: string[];
}

async function readShapes(tx: SqlTx): Promise<{ tables: TableShape[]; keys: ForeignKey[] }> {
  const inSchema = 'relnamespace = current_schema()::regnamespace';
  const tables = await tx.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND ${inSchema}`);
  const columns = await tx.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const constraints = await tx.query<{ kind: string; table: string; references: string | null; column: string }>(
    `SELECT c.contype AS kind, t.relname AS "table", r.relname AS "references", a.attname AS "column"
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     LEFT JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
     WHERE c.contype IN ('p', 'f') AND t.${inSchema}
     ORDER BY c.conname, array_position(c.conkey, a.attnum)`,
  );
  const keys = constraints.filter((c) => c.kind === 'f').map((c) => ({ table: c.table, references: c.references! }));
  return {
    keys,
    tables: tables.map(({ name }) => ({
      name,
      columns: columns.filter((c) => c.table === name).map((c) => c.column),
      primaryKey: constraints.filter((c) => c.kind === 'p' && c.table === name).map((c) => c.column),
      selfReferences: constraints.filter((c) => c.kind === 'f' && c.table === name && c.references === name).map((c) => c.column),
    })),
  };
}

async function dumpTable(tx: SqlTx, table: TableShape, out: string[]): Promise<number> {
  const select = table.columns.map((column, i) => `${quoteIdent(column)}::text AS c${i}`).join(', ');
  const orderBy = table.primaryKey.length ? ` ORDER BY ${table.primaryKey.map(quoteIdent).join(', ')}` : '';
  const rows = await tx.query<Record<string, string | null>>(`SELECT ${select} FROM ${quoteIdent(table.name)}${orderBy}`);
  if (!rows.length) return 0;
  const selfRefs = new Set(table.selfReferences);
  const values = rows.map((row) => `(${table.columns.map((column, i) => (selfRefs.has(column) ? 'NULL' : literal(row[`c${i}`] ?? null))).join(', ')})`);
  const into = `INSERT INTO ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) VALUES\n`;
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) out.push(`${into}${values.slice(i, i + ROWS_PER_INSERT).join(',\n')};`);
  for (const row of rows) {
    const sets = table.selfReferences.flatMap((column) => {
      const value = row[`c${table.columns.indexOf(column)}`] ?? null;
      return value === null ? [] : [`${quoteIdent(column)} = ${literal(value)}`];
    });
    if (!sets.length) continue;
    const where = table.primaryKey.map((column) => `${quoteIdent(column)} = ${literal(row[`c${table.columns.indexOf(column)}`]!)}`).join(' AND ');
    out.push(`UPDATE ${quoteIdent(table.name)} SET ${sets.join(', ')} WHERE ${where};`);
  }
  return rows.length;
}

/** The whole database as SQL, read in one snapshot; rows counts the rows of every table. */
export async function dumpDatabase(database: Database, migrations: Migration[] = readMigrations()): Promise<{ sql: string; rows: number }> {
  return database.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // Text forms that read back as the same values whatever the server's settings.
    await tx.exec("SET LOCAL DateStyle = 'ISO'; SET LOCAL IntervalStyle = 'postgres'; SET LOCAL bytea_output = 'hex'");
    const [registry] = await tx.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (!registry?.present) throw new BackupError('The database has no Review Challenge data yet: there is nothing to back up.');
    const applied = (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
    const known = new Map(migrations.map((m) => [m.name, m]));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new BackupError(`The database was migrated by a newer version of Review Challenge (${unknown.join(', ')}): back it up with that version.`);
    }

    const { tables, keys } = await readShapes(tx);
    const byName = new Map(tables.map((t) => [t.name, t]));
    const order = loadOrder([...byName.keys()], keys);
    const out = [
      BACKUP_HEADER,
      `-- Made ${new Date().toISOString()} from the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database, migrated up to ${applied.at(-1)}.`,
      '-- Load into an empty database: npm run cli -- restore FILE, or',
      '-- psql --single-transaction -v ON_ERROR_STOP=1 -f FILE postgres://...',
      "SET client_encoding = 'UTF8';",
      'SET standard_conforming_strings = on;',
      '',
      '-- Schema: the migrations the database had applied',
      `${SCHEMA_MIGRATIONS_TABLE};`,
      ...applied.map((name) => `-- ${name}\n${known.get(name)!.sql.trim()}\n;`),
      '',
      "-- Data (migrations may have inserted rows of their own: the backup's replace them)",
      `TRUNCATE ${order.map(quoteIdent).join(', ')};`,
    ];
    let rows = 0;
    for (const name of order) rows += await dumpTable(tx, byName.get(name)!, out);

    const sequences = await tx.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace ORDER BY relname",
    );
    out.push('', '-- Sequences');
    for (const { name } of sequences) {
      const [state] = await tx.query<{ value: string; called: boolean }>(`SELECT last_value::text AS value, is_called AS called FROM ${quoteIdent(name)}`);
      out.push(`SELECT setval(${literal(quoteIdent(name))}, ${state!.value}, ${state!.called});`);
    }
    return { sql: `${out.join('\n')}\n`, rows };
  });
}
