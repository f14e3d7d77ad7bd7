// Registered before main.ts loads: `node --import ./src/app/resolve-hooks.ts main.ts` (package.json's
// start script and the Dockerfile's CMD, kept equal by scripts/lib/start-flags.test.ts).
//
// To tell whether a .js file is an ES module, Node reads the "type" of the nearest package.json, and
// it builds the whole manifest again for every file it resolves. drizzle-orm's manifest is 175 KB
// (its exports map) and a start resolves about 460 of its files: about a second of a server's start
// on 2 cores, with the garbage it leaves (docs/benchmarks.md, "Server start"). A relative import from
// one of drizzle-orm's .js files to another can only be an ES module: its package.json says
// "type": "module" and no folder inside it has a package.json of its own (resolve-hooks.test.ts
// checks both against what is installed). Those imports are answered here; every other goes on to Node.
//
// The same hooks load two of postgres.js' modules with a fix for a crash (./postgres-driver-fix.ts).
import { registerHooks } from 'node:module';
import { driverModule, fixedDriverSource } from './postgres-driver-fix.ts';

const PACKAGE = 'drizzle-orm';

/** The folder URL every drizzle-orm file resolves under (a symlinked node_modules resolves to its target). */
function packageScope(): string | undefined {
  try {
    const entry = import.meta.resolve(PACKAGE);
    const at = entry.lastIndexOf(`/node_modules/${PACKAGE}/`);
    return at < 0 ? undefined : entry.slice(0, at + `/node_modules/${PACKAGE}/`.length);
  } catch {
    return undefined;
  }
}

/** The hook, for the folder URL `scope`: a relative .js import inside it resolves to an ES module there. */
export function resolveInside(scope: string): NonNullable<Parameters<typeof registerHooks>[0]['resolve']> {
  return (specifier, context, next) => {
    if ((specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js') && context.parentURL?.startsWith(scope)) {
      const url = new URL(specifier, context.parentURL).href;
      if (url.startsWith(scope)) return { url, format: 'module', shortCircuit: true };
    }
    return next(specifier, context);
  };
}

/** The load hook: postgres.js' fixed modules with their fixes; every other module as Node loads it. */
export const loadFixed: NonNullable<Parameters<typeof registerHooks>[0]['load']> = (url, context, next) => {
  const loaded = next(url, context);
  const module = driverModule(url);
  if (module === null || loaded.source == null) return loaded;
  const fixed = fixedDriverSource(module, String(loaded.source));
  if (fixed === null) {
    console.warn(`${url} is not the text src/app/postgres-driver-fix.ts fixes: loaded as it is.`);
    return loaded;
  }
  return { ...loaded, source: fixed };
};

const scope = packageScope();
registerHooks({ ...(scope ? { resolve: resolveInside(scope) } : {}), load: loadFixed });
