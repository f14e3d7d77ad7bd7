// Operator commands: `npm run cli -- <command> ...`.
import { ConfigError, loadConfig } from './lib/config.ts';
import { DataDirLockedError } from './lib/db/data-dir-lock.ts';
import { isPlan, PLANS } from './lib/plans.ts';
import { migrate } from './lib/db/migrate.ts';
import { openDatabase } from './lib/runtime.ts';
import { setWorkspacePlan } from './lib/workspaces.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  plan <slug> <${PLANS.join('|')}>   change a workspace's plan
  --help${' '.repeat(35)}show this help

The database is the one the server uses: PostgreSQL when DATABASE_URL is set, otherwise the
embedded database in DATA_DIR (default ./data), which only one process can open at a time.`;

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
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
