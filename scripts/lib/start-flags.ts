// How main.ts is started, written twice: in package.json's `start` script and in the Dockerfile
// (ENV and CMD). Node flags and the C library's malloc settings are read when the process starts,
// so main.ts cannot set them itself. bench:memory starts the server with these; start-flags.test.ts
// keeps the two copies equal. docs/decisions/046 says why each is there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface StartCommand {
  /** Variables set for the server process only (NAME=value before `node`). */
  env: Record<string, string>;
  /** The flags between `node` and `main.ts`. */
  flags: string[];
}

/** `npm start`'s last command: `[NAME=value ...] node [flags] main.ts`, of this checkout or of `checkout`. */
export function startCommand(checkout: string = root): StartCommand {
  const start = (JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const match = /(?:^|&&\s*)((?:[A-Z_]+=\S+\s+)*)node((?:\s+--\S+)*)\s+main\.ts\s*$/.exec(start);
  if (!match) throw new Error(`package.json's start script does not end in "[NAME=value] node [flags] main.ts": ${start}`);
  const env = Object.fromEntries(
    match[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return { env, flags: match[2]!.trim().split(/\s+/).filter(Boolean) };
}

/** The same from the Dockerfile's last stage: the named variables of its ENV, and its CMD's flags. */
export function dockerfileCommand(names: string[]): StartCommand {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(runtime);
  const argv = cmd ? (JSON.parse(cmd[1]!) as string[]) : [];
  if (argv[0] !== 'node' || argv.at(-1) !== 'main.ts') throw new Error(`The Dockerfile's CMD is not ["node", ...flags, "main.ts"]: ${cmd?.[1]}`);
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = new RegExp(`^(?:ENV\\s+|\\s+)${name}=(\\S+?)\\s*\\\\?$`, 'm').exec(runtime)?.[1];
    if (value !== undefined) env[name] = value;
  }
  return { env, flags: argv.slice(1, -1) };
}
