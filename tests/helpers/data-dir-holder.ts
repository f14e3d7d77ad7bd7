import { spawn } from 'node:child_process';

const SCRIPT = new URL('./hold-data-dir.ts', import.meta.url).pathname;

export interface DataDirHolder {
  /** "held as pid N", "refused", or "failed: ..." */
  outcome: Promise<string>;
  /** Lets it close what it opened and exit normally. */
  exit(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Another process that opens `dir` with its process id faked to `pid`, as two containers on one
 * volume both run as PID 1: the lock alone, or the embedded database (openPgliteFolder).
 */
export function holdDataDir(dir: string, { pid = 1, open = 'lock' }: { pid?: number; open?: 'lock' | 'database' } = {}): DataDirHolder {
  const child = spawn(process.execPath, [SCRIPT, open, dir, String(pid)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const outcome = new Promise<string>((resolve) => child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    outcome,
    exit: async () => {
      if (running()) child.stdin!.end();
      await exited;
    },
    kill: async (signal = 'SIGKILL') => {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}
