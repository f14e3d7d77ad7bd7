import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations } from './migrate.ts';

// A new embedded database cost its first start about four seconds of CPU (docs/benchmarks.md, "Server
// start"): PGlite's initdb, then the migrations and the job queue's schema on a cold catalog. That work
// is the same on every machine with the same PGlite, migrations and pg-boss, so the build does it once
// (scripts/make-database-template.ts) and a new data folder starts from a copy: a 70 ms copy and a
// quarter-second open. Migrations added since the template was made apply at start, as for any
// folder; a template that does not fit what is installed is not used (decision 050).

/** Where the build leaves the template; the container copies it beside dist/. */
export const TEMPLATE_ROOT = fileURLToPath(new URL('../../../database-template/', import.meta.url));
const TEMPLATE_DIR = 'pglite';
/** Written last: a template folder without it was cut short and is not used. */
const MANIFEST = 'manifest.json';

interface Manifest {
  pglite: string;
  pgBoss: string;
  /** Each applied migration's SHA-256: one changed since would make the copy wrong. */
  migrations: Record<string, string>;
}

/** The installed version of a package, found as Node finds the package (its exports map hides package.json). */
function packageVersion(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}

function installed(): Manifest {
  return {
    pglite: packageVersion('@electric-sql/pglite'),
    pgBoss: packageVersion('pg-boss'),
    migrations: Object.fromEntries(readMigrations().map((m) => [m.name, createHash('sha256').update(m.sql).digest('hex')])),
  };
}

/** Why the template under `root` cannot be used here, or null when it can. */
export function templateUnfit(root: string = TEMPLATE_ROOT): string | null {
  let made: Manifest;
  try {
    made = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return 'no template was built';
  }
  const now = installed();
  if (made.pglite !== now.pglite) return `the template was made by PGlite ${made.pglite}, this is ${now.pglite}`;
  if (made.pgBoss !== now.pgBoss) return `the template was made with pg-boss ${made.pgBoss}, this is ${now.pgBoss}`;
  const changed = Object.keys(made.migrations).find((name) => made.migrations[name] !== now.migrations[name]);
  return changed ? `migration ${changed} changed since the template was made` : null;
}

/** A migration this checkout has and the template under `root` lacks (it fits, but a build makes it again), or null. */
export function migrationAfterTemplate(root: string = TEMPLATE_ROOT): string | null {
  try {
    const made = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')) as Manifest;
    return Object.keys(installed().migrations).find((name) => !(name in made.migrations)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Makes the template for what is installed, unless one that fits and holds every migration is there: `prepare` creates the
 * database in the folder it is given (scripts/make-database-template.ts). Built beside its final
 * place and renamed into it, so a build cut short leaves none.
 */
export async function makeTemplate(prepare: (databaseDir: string) => Promise<void>, root: string = TEMPLATE_ROOT): Promise<'made' | 'present'> {
  if (templateUnfit(root) === null && migrationAfterTemplate(root) === null) return 'present';
  const partial = `${root.replace(/\/$/, '')}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    await prepare(join(partial, TEMPLATE_DIR));
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(partial, MANIFEST), `${JSON.stringify(installed(), null, 2)}\n`);
  rmSync(root, { recursive: true, force: true });
  renameSync(partial, root);
  return 'made';
}

/**
 * Puts a copy of the template at `databaseDir`, which must be missing or empty. Answers why not,
 * leaving nothing behind, when the template does not fit (PGlite then runs initdb itself), or null.
 * The copy is made beside `databaseDir` and renamed into place: a crash midway leaves no half folder
 * that would look like a database at the next start, and the rename fails rather than replace a
 * folder that holds anything.
 */
export function copyTemplate(databaseDir: string, root: string = TEMPLATE_ROOT): string | null {
  if (existsSync(databaseDir) && readdirSync(databaseDir).length > 0) throw new Error(`${databaseDir} already holds files`);
  const unfit = templateUnfit(root);
  if (unfit) return unfit;
  const partial = `${databaseDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(join(root, TEMPLATE_DIR), partial, { recursive: true });
  renameSync(partial, databaseDir);
  return null;
}
