import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md, read off the source with TypeScript's own parser (an
// `import type` is erased, so it is not a value import). biome.json holds the floors for each folder,
// where a wrong import fails in the editor; this test reads the same lists, and adds what a linter
// cannot see: the browser's imports followed through other files, the order of the wings, and the
// folders that import each other.

const ROOT = resolve(import.meta.dirname, '..');

interface Import {
  /** The file imported, relative to the repository (`src/platform/db/schema.ts`), or the package (`node:fs`, `drizzle-orm`). */
  target: string;
  /** False for `import type` and `export type`: nothing of it reaches the bundle. */
  value: boolean;
}

/** The source files under `dir` (tests aside): TypeScript, and the frontmatter and scripts of .astro files. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The script an .astro file runs: its frontmatter and its <script> elements. */
function scriptOf(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].join('\n');
}

const parsed = new Map<string, Import[]>();

/** The imports and re-exports of one file (cached); `planted` is a text to read instead of the file's. */
function importsOf(file: string, planted?: string): Import[] {
  const known = parsed.get(file);
  if (known && planted === undefined) return known;
  const text = scriptOf(file, planted ?? readFileSync(join(ROOT, file), 'utf8'));
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

/** package.json's `imports`: `#platform/*` → `./src/platform/*`. */
const ALIASES = Object.entries((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports).map(
  ([alias, path]) => ({ prefix: alias.replace(/\*$/, ''), path: path.replace(/^\.\//, '').replace(/\*$/, '') }),
);

function resolveSpecifier(from: string, specifier: string): string {
  const alias = ALIASES.find(({ prefix }) => specifier.startsWith(prefix));
  if (alias) return alias.path + specifier.slice(alias.prefix.length);
  if (!specifier.startsWith('.')) return specifier;
  return posix.normalize(posix.join(dirname(from), specifier));
}

/** The alias a file under src/ is imported by (`#platform/db/schema.ts`), for the lint's patterns. */
function aliasOf(target: string): string | null {
  const alias = ALIASES.find(({ path }) => target.startsWith(path));
  return alias ? alias.prefix + target.slice(alias.path.length) : null;
}

/** Every file `file` reaches through value imports, and the packages on the way, each with the chain that reaches it. */
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

interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } } };
}

const BIOME = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as { overrides: Override[] };

/**
 * What a folder may not import, as biome.json's `noRestrictedImports` patterns name it for that
 * folder: one list for the lint and for this test. A pattern is matched against the package name,
 * the alias of a project file and its path.
 */
function restrictedFor(folder: string): RegExp[] {
  const override = BIOME.overrides.find((o) => o.includes.includes(`${folder}/**`) && o.linter?.rules?.style?.noRestrictedImports);
  if (!override) throw new Error(`biome.json restricts no imports for ${folder}`);
  return override.linter!.rules!.style!.noRestrictedImports!.options.patterns.flatMap(({ group }) => group).map(globPattern);
}

/** The folders whose imports biome.json restricts. */
const RESTRICTED_FOLDERS = BIOME.overrides.flatMap((o) => (o.linter?.rules?.style?.noRestrictedImports ? [o.includes[0]!.replace(/\/\*\*$/, '')] : []));

function globPattern(glob: string): RegExp {
  const body = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

function breaks(rules: RegExp[], target: string): boolean {
  const alias = aliasOf(target);
  return rules.some((rule) => rule.test(target) || (alias !== null && rule.test(alias)));
}

/** Browser code's value imports end in the islands themselves, src/shared, or a package the browser can run. */
const BROWSER_SAFE = (target: string) => target.startsWith('src/islands/') || target.startsWith('src/shared/') || !target.startsWith('src/');
const SERVER_PACKAGES = restrictedFor('src/islands');

/** Why `file` breaks the browser rule: the chain of value imports to the first module the browser must not run, or null. */
function serverOnlyChain(file: string): string[] | null {
  for (const [target, chain] of valueClosure(file)) {
    if (target === file) continue;
    if (!BROWSER_SAFE(target) || breaks(SERVER_PACKAGES, target)) return chain;
  }
  return null;
}

/**
 * The wings of src/domain, earliest first: a wing imports the faces of earlier wings, never a later
 * one; each integration imports no other integration.
 */
const WINGS = ['events', 'email', 'workspace', 'sms', 'reviews', 'game', 'requests', 'integrations'];

/** The wing of a file under src/domain (`integrations/google` for an integration's), or null. */
function wingOf(file: string): string | null {
  const match = /^src\/domain\/([^/]+)(?:\/([^/]+)\/)?/.exec(file);
  if (!match) return null;
  return match[1] === 'integrations' ? `integrations/${match[2]}` : match[1]!;
}

/** Why an import from one wing to another breaks the order, or null. */
function wingProblem(from: string, to: string): string | null {
  const a = wingOf(from);
  const b = wingOf(to);
  if (!a || !b || a === b) return null;
  if (a.startsWith('integrations/') && b.startsWith('integrations/')) return `${a} imports another integration, ${b}`;
  const rank = (wing: string) => WINGS.indexOf(wing.split('/')[0]!);
  return rank(b) > rank(a) ? `${a} imports the later wing ${b}` : null;
}

/** The entry points that may import the composition root (src/app): the server, the middleware, the command line. */
const ENTRIES = ['src/middleware.ts', 'src/cli.ts'];

describe('the import rules (docs/architecture.md)', () => {
  const all = sourceFiles('src').filter((file) => file !== 'src/boundaries.test.ts');
  const islands = sourceFiles('src/islands');

  it('keep each folder on its floor: no file imports what biome.json forbids its folder', () => {
    const broken = RESTRICTED_FOLDERS.flatMap((folder) => {
      const rules = restrictedFor(folder);
      return sourceFiles(folder).flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => breaks(rules, target))
          .map(({ target }) => `${file} -> ${target}`),
      );
    });
    expect(broken).toEqual([]);
  });

  it('let browser code reach, through its value imports, only src/shared and packages the browser runs', () => {
    const broken = islands.map((file) => serverOnlyChain(file)).filter((chain) => chain !== null);
    expect(broken.map((chain) => chain.join(' -> '))).toEqual([]);
  });

  it('keep the wings in their order, and each integration to itself', () => {
    const broken = all.flatMap((file) => importsOf(file).flatMap(({ target }) => wingProblem(file, target) ?? []));
    expect(broken).toEqual([]);
  });

  it('leave the composition root to the entry points, and the test helpers to the tests', () => {
    const broken = all.flatMap((file) =>
      importsOf(file)
        .filter(
          ({ target }) =>
            (target.startsWith('src/app/') && !file.startsWith('src/app/') && !ENTRIES.includes(file)) ||
            (target.startsWith('src/testing/') && !file.startsWith('src/testing/')),
        )
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('have no two folders that import each other', () => {
    const edges = new Map<string, string>();
    for (const file of all) {
      for (const { target } of importsOf(file)) {
        if (!target.startsWith('src/') || dirname(target) === dirname(file)) continue;
        edges.set(`${dirname(file)} -> ${dirname(target)}`, `${file} -> ${target}`);
      }
    }
    const mutual = [...edges.keys()].flatMap((edge) => {
      const [a, b] = edge.split(' -> ');
      const back = edges.get(`${b} -> ${a}`);
      return back && a! < b! ? [`${edges.get(edge)} and ${back}`] : [];
    });
    expect(mutual).toEqual([]);
  });

  it('fail on a planted import that breaks a rule', () => {
    // Each rule above must be able to fail.
    const planted = importsOf(
      'src/islands/Planted.tsx',
      "import { startJobQueue } from '#platform/jobs/queue.ts';\nimport type { Db } from '../platform/db/database.ts';\n",
    );
    expect(planted).toEqual([
      { target: 'src/platform/jobs/queue.ts', value: true },
      { target: 'src/platform/db/database.ts', value: false },
    ]);
    expect(breaks(restrictedFor('src/islands'), planted[0]!.target)).toBe(true);
    expect(serverOnlyChain('src/islands/wallboard/TeamsPanel.tsx')).toBeNull();
    expect(serverOnlyChain('src/app/runtime.ts')).not.toBeNull();
    expect(breaks(restrictedFor('src/platform'), importsOf('src/platform/planted.ts', "import { a } from '#domain/game/teams.ts';\n")[0]!.target)).toBe(true);
    expect(breaks(restrictedFor('src/domain'), importsOf('src/domain/planted.ts', "import { Wallboard } from '../islands/Wallboard.tsx';\n")[0]!.target)).toBe(
      true,
    );
    expect(breaks(restrictedFor('src/pages'), 'src/platform/live/publish.ts')).toBe(true);
    expect(breaks(restrictedFor('src/pages'), 'src/domain/game/teams.ts')).toBe(false);
    expect(breaks(restrictedFor('src/shared'), 'src/contracts/payloads.ts')).toBe(true);
    expect(['node:fs', 'drizzle-orm'].every((target) => breaks(SERVER_PACKAGES, target))).toBe(true);
    expect(BROWSER_SAFE('src/domain/game/dashboard.ts')).toBe(false);
    expect(wingProblem('src/domain/reviews/ingest.ts', 'src/domain/game/teams.ts')).not.toBeNull();
    expect(wingProblem('src/domain/game/teams.ts', 'src/domain/reviews/scoring.ts')).toBeNull();
    expect(wingProblem('src/domain/integrations/crm/receive.ts', 'src/domain/integrations/google/sync.ts')).not.toBeNull();
  });
});
