import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md, read off the source with TypeScript's own parser (an
// `import type` is erased, so it is not a value import). biome.json holds the same rules for direct
// imports, where a wrong one fails in the editor; this test also follows imports through other files.

const ROOT = resolve(import.meta.dirname, '..');

interface Import {
  /** The file imported, relative to the repository (`src/lib/db/schema.ts`), or the package (`node:fs`, `drizzle-orm`). */
  target: string;
  /** False for `import type` and `export type`: nothing of it reaches the bundle. */
  value: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const parsed = new Map<string, Import[]>();

/** The imports and re-exports of one file (cached). */
function importsOf(file: string, planted?: string): Import[] {
  const known = parsed.get(file);
  if (known && planted === undefined) return known;
  const text = planted ?? readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let value = true;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) value = false;
      else if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        value = clause.namedBindings.elements.length === 0 || clause.namedBindings.elements.some((element) => !element.isTypeOnly);
      }
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      value = !statement.isTypeOnly;
    }
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    found.push({ target: resolveSpecifier(file, specifier.text), value });
  }
  if (planted === undefined) parsed.set(file, found);
  return found;
}

function resolveSpecifier(from: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const path = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  if (existsSync(join(ROOT, path))) return path;
  for (const suffix of ['.ts', '.tsx', '/index.ts']) if (existsSync(join(ROOT, path + suffix))) return path + suffix;
  return path;
}

/** Every file `file` reaches through value imports, inside src/, and the packages on the way. */
function valueClosure(file: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  while (queue.length) {
    const current = queue.shift()!;
    if (!current.startsWith('src/') || !/\.(ts|tsx)$/.test(current)) continue;
    for (const { target, value } of importsOf(current)) {
      if (!value || chains.has(target)) continue;
      chains.set(target, [...chains.get(current)!, target]);
      queue.push(target);
    }
  }
  return chains;
}

/**
 * The modules a folder may not import, as biome.json's `noRestrictedImports` patterns name them for
 * that folder: one list for the lint and for this test. Globs become patterns matched against a
 * resolved path (`src/lib/jobs/queue.ts`) or a package name (`drizzle-orm`).
 */
function restrictedFor(folder: string): RegExp[] {
  interface Override {
    includes: string[];
    linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } } };
  }
  const biome = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as { overrides: Override[] };
  const override = biome.overrides.find((o) => o.includes.includes(`${folder}/**`) && o.linter?.rules?.style?.noRestrictedImports);
  if (!override) throw new Error(`biome.json restricts no imports for ${folder}`);
  return override.linter!.rules!.style!.noRestrictedImports!.options.patterns.flatMap(({ group }) => group).map(globPattern);
}

function globPattern(glob: string): RegExp {
  const body = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** What browser code must never reach: Node itself, the server's packages, and the server's own rooms. */
const SERVER_ONLY = restrictedFor('src/islands');

/** Why `file` breaks the browser rule: the chain of value imports to the first server-only module it reaches, or null. */
function serverOnlyChain(file: string): string[] | null {
  for (const [target, chain] of valueClosure(file)) {
    if (SERVER_ONLY.some((rule) => rule.test(target))) return chain;
  }
  return null;
}

/** Floors above src/lib: the lib is imported by them, never the other way round. */
const UPPER_FLOORS = restrictedFor('src/lib');
const aboveLib = (target: string) => UPPER_FLOORS.some((rule) => rule.test(target));

/** What routes leave to the domain functions they call (the job queue, the schema). */
const BEHIND_ROUTES = restrictedFor('src/pages');

/**
 * Routes that still announce a live update themselves (issue 28, item 1, moves each into the command
 * that changed the data). The list only shrinks: a route added to it needs a decision record first.
 */
const ROUTES_THAT_PUBLISH = ['src/pages/api/admin/account.ts', 'src/pages/api/demo-celebration.ts'];

describe('the import rules (docs/architecture.md)', () => {
  const islands = sourceFiles('src/islands');
  const lib = sourceFiles('src/lib');
  const pages = sourceFiles('src/pages');

  it('let browser code reach, through its value imports, nothing of the server', () => {
    const broken = islands.map((file) => serverOnlyChain(file)).filter((chain) => chain !== null);
    expect(broken.map((chain) => chain.join(' -> '))).toEqual([]);
  });

  it('keep src/lib below the pages, islands and components: it never imports them', () => {
    const upward = lib.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => aboveLib(target))
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('keep the job queue and the database schema out of the routes', () => {
    const reached = pages.flatMap((file) =>
      importsOf(file)
        .filter(({ target, value }) => value && BEHIND_ROUTES.some((rule) => rule.test(target)))
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(reached).toEqual([]);
  });

  it('let no route announce a live update but those still listed, and the list only shrinks', () => {
    const publishing = pages.filter((file) => importsOf(file).some(({ target, value }) => value && target === 'src/lib/live/publish.ts'));
    expect(publishing.sort()).toEqual([...ROUTES_THAT_PUBLISH].sort());
  });

  it('fail on a planted import that breaks a rule', () => {
    // The rules above must be able to fail: an island importing the job queue, a lib file importing an island.
    const planted = importsOf(
      'src/islands/Planted.tsx',
      "import { startJobQueue } from '../lib/jobs/queue.ts';\nimport type { Db } from '../lib/db/database.ts';\n",
    );
    expect(planted).toEqual([
      { target: 'src/lib/jobs/queue.ts', value: true },
      { target: 'src/lib/db/database.ts', value: false },
    ]);
    expect(SERVER_ONLY.some((rule) => rule.test(planted[0]!.target))).toBe(true);
    expect(serverOnlyChain('src/islands/wallboard/TeamsPanel.tsx')).toBeNull();
    expect(serverOnlyChain('src/lib/runtime.ts')).not.toBeNull();
    const upward = importsOf('src/lib/planted.ts', "import { Wallboard } from '../islands/Wallboard.tsx';\n");
    expect(upward.some(({ target }) => aboveLib(target))).toBe(true);
    expect(['src/lib/db/schema.ts', 'src/lib/jobs/queue.ts'].every((target) => BEHIND_ROUTES.some((rule) => rule.test(target)))).toBe(true);
    expect(['node:fs', 'drizzle-orm', 'src/lib/config.ts'].every((target) => SERVER_ONLY.some((rule) => rule.test(target)))).toBe(true);
    expect(SERVER_ONLY.some((rule) => rule.test('src/lib/format-date.ts'))).toBe(false);
  });
});
