// What the benchmarks need around their measuring: the machine's load average as they print it, whole
// numbers from flags or the environment, and clean-up on every way out (the servers, databases and
// browsers a long benchmark started are stopped on Ctrl-C, a kill, a failure or its own time limit).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The load average over 1, 5 and 15 minutes ("0.61 2.42 3.40"): every benchmark prints it beside its figures. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/**
 * User + system CPU a process has used so far, in seconds (every thread, ended ones too: utime and
 * stime of /proc/<pid>/stat, in clock ticks of 10 ms); NaN when there is no such process.
 */
export function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** A whole-number option: `--name`, else the environment variable, else the fallback; exits 2 on a bad one. */
export function intOption(name: string, arg: string | undefined, env: string | undefined, fallback: number, min: number): number {
  const raw = arg ?? env;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

/** Clean-up steps run newest first on exit; `bail` stops everything with a message and an exit code. */
export function benchCleanup(timeoutS: number) {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let draining: Promise<void> = Promise.resolve();

  /** Runs the clean-up steps registered after the first `keep`, newest first, one drain at a time. */
  function drain(keep: number): Promise<void> {
    draining = draining.then(async () => {
      while (cleanups.length > keep) {
        const step = cleanups.pop()!;
        try {
          await step();
        } catch (error) {
          console.error('Clean-up step failed:', error);
        }
      }
    });
    return draining;
  }

  const cleanUp = () => drain(0);

  async function bail(message: string, code: number): Promise<never> {
    console.error(message);
    const hardStop = setTimeout(() => process.exit(code), 20_000);
    hardStop.unref();
    await cleanUp();
    process.exit(code);
  }

  process.once('SIGINT', () => void bail('\nInterrupted: stopping the servers and cleaning up...', 130));
  process.once('SIGTERM', () => void bail('\nTerminated: stopping the servers and cleaning up...', 143));
  setTimeout(() => void bail(`\nThe benchmark did not finish within ${timeoutS} s: stopping.`, 3), timeoutS * 1000).unref();
  return { cleanups, drain, cleanUp, bail };
}
