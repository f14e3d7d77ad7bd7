import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startCommand } from '../../scripts/lib/start-flags.ts';
import { SERVER_READY_MS } from './deadlines.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

const FREE_PORT_FLOOR = 20_000;
const FREE_PORT_CEILING = 32_768;

/**
 * A port nothing listens on, for a server another process starts. Chosen below the kernel's
 * ephemeral range (32768 and up on Linux): a port from that range, free when checked, could be taken
 * as the local port of one of the suite's many outgoing connections before the server bound it
 * (EADDRINUSE at a restart, seen in a full run).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FREE_PORT_FLOOR + Math.floor(Math.random() * (FREE_PORT_CEILING - FREE_PORT_FLOOR));
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output(): string;
  /** stdout alone: the log's JSON lines. */
  stdout(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * V8 flags for the servers the tests spawn, beside `npm start`'s own: PGlite's WebAssembly compiled by
 * the baseline compiler only. A server a test starts lives seconds; V8's optimising compiler spent
 * about half of its start's CPU (2 of 4 s) on code such a server never runs long enough to profit
 * from (docs/benchmarks.md, "The suite's time"). The product keeps the default: it runs for weeks.
 */
export const TEST_SERVER_FLAGS = ['--liftoff-only'];

/** Every server this test file started and that still runs: none outlives the file's process. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs `node main.ts` as `npm start` runs it after building (its flags and variables), as a separate
 * process, from cwd; with TEST_SERVER_FLAGS unless `asStarted` (a benchmark measures the product as it
 * runs for weeks: --liftoff-only makes the embedded database's queries several times as costly).
 * `profileDir`: the server writes a CPU profile there when it stops (a benchmark's --profile).
 */
export function spawnServer(
  env: Record<string, string>,
  cwd = ROOT,
  { asStarted = false, profileDir }: { asStarted?: boolean; profileDir?: string } = {},
): ServerProcess & { ready(): Promise<void> } {
  const port = env.PORT ?? '0';
  const start = startCommand();
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...start.flags, ...(asStarted ? [] : TEST_SERVER_FLAGS), ...profiling, 'main.ts'], {
    cwd,
    env: { ...process.env, ...start.env, HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  running.add(child);
  void exited.then(() => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const ready = async () => {
    const deadline = Date.now() + SERVER_READY_MS;
    let ended = false;
    void exited.then(() => (ended = true));
    while (Date.now() < deadline) {
      if (ended) throw new Error(`The server exited before it was ready:\n${output}`);
      try {
        const res = await fetch(`${url}/api/auth/status`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // A server that never answered must not hold its data folder or port for the tests after this one.
    child.kill('SIGKILL');
    await exited;
    throw new Error(`The server was not ready within ${SERVER_READY_MS} ms (killed):\n${output}`);
  };
  return {
    url,
    child,
    ready,
    exited,
    output: () => output,
    stdout: () => stdout,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
