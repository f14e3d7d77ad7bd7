// Operator commands: `npm run cli -- <command> ...`.
import { readFileSync, writeFileSync } from 'node:fs';
import { BackupError, dumpDatabase } from '#platform/backup/dump.ts';
import { DatabaseNotEmptyError, restoreDatabase, RestoreError } from '#platform/backup/restore.ts';
import { ConfigError, loadConfig } from '#platform/config.ts';
import { DataDirLockedError } from '#platform/db/data-dir-lock.ts';
import { IncompatibleDataDirError } from '#platform/db/pglite-version.ts';
import { isPlan, PLANS } from '#shared/plans.ts';
import { migrate } from '#platform/db/migrate.ts';
import { openDatabase } from '#app/runtime.ts';
import { setWorkspacePlan } from '#domain/workspace/workspaces.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  plan <slug> <${PLANS.join('|')}>   change a workspace's plan
  backup <file>${' '.repeat(22)}write the whole database to a new SQL file
  restore <file>${' '.repeat(21)}load a backup into an empty database
  --help${' '.repeat(35)}show this help

The database is the one the server uses: PostgreSQL when DATABASE_URL is set, otherwise the
embedded database in DATA_DIR (default ./data), which only one process can open at a time: stop
the server first. A backup of either loads into the other, and into any PostgreSQL with psql.`;

class UsageError extends Error {}

async function plan(args: string[]): Promise<string> {
  const [slug, planName] = args;
  if (!slug || !planName || args.length > 2) throw new UsageError(`plan needs a slug and a plan.\n\n${USAGE}`);
  if (!isPlan(planName)) throw new UsageError(`Unknown plan "${planName}". Choose one of: ${PLANS.join(', ')}.`);
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database);
    if (!(await setWorkspacePlan(database.db, slug, planName))) throw new UsageError(`No workspace has the slug "${slug}".`);
    return `Workspace "${slug}" is now on the ${planName} plan.`;
  } finally {
    await database.close();
  }
}

function oneFile(command: string, args: string[]): string {
  if (args.length !== 1 || !args[0]) throw new UsageError(`${command} needs one file.\n\n${USAGE}`);
  return args[0];
}

async function backup(args: string[]): Promise<string> {
  const file = oneFile('backup', args);
  const database = await openDatabase(loadConfig());
  try {
    const { sql, rows } = await dumpDatabase(database);
    try {
      // The backup holds password hashes and customers: the owner's alone, and never over another file.
      writeFileSync(file, sql, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`${file} already exists: choose a new file name.`);
      throw error;
    }
    return `Wrote ${rows} rows to ${file}.`;
  } finally {
    await database.close();
  }
}

async function restore(args: string[]): Promise<string> {
  const file = oneFile('restore', args);
  let sql: string;
  try {
    sql = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}.`);
  }
  const config = loadConfig();
  const database = await openDatabase(config, { template: false });
  try {
    const { workspaces } = await restoreDatabase(database, sql);
    return `Restored ${workspaces} workspace${workspaces === 1 ? '' : 's'} from ${file}. Start the server: it applies any newer migrations.`;
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) {
      const where = config.databaseUrl
        ? 'Create a new database and point DATABASE_URL at it'
        : `Set DATA_DIR to a new, empty folder (this one is ${config.dataDir})`;
      throw new DatabaseNotEmptyError(`${error.message} ${where}.`);
    }
    throw error;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      console.log(USAGE);
      return command ? 0 : 1;
    }
    if (command === 'plan') {
      console.log(await plan(args));
      return 0;
    }
    if (command === 'backup') {
      console.log(await backup(args));
      return 0;
    }
    if (command === 'restore') {
      console.log(await restore(args));
      return 0;
    }
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  } catch (error) {
    const operatorErrors = [UsageError, ConfigError, DataDirLockedError, IncompatibleDataDirError, BackupError, RestoreError];
    if (operatorErrors.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
