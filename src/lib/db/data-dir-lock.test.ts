import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-lock-'));
const LOCK_MODULE = new URL('./data-dir-lock.ts', import.meta.url).pathname;

/**
 * Another process that takes the lock on `dir`, with its process id faked to `pid` (as two
 * containers on one volume both run as PID 1). It prints "held" or "refused", then waits.
 */
function holder(dir: string, pid = 1): { child: ChildProcess; outcome: Promise<string> } {
  const script = join(freshDir(), 'hold.ts');
  writeFileSync(
    script,
    `Object.defineProperty(process, 'pid', { value: ${pid} });
     const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
     try { await acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); }
     catch (error) { console.log(error.constructor.name === 'DataDirLockedError' ? 'refused' : 'failed ' + error.message); }
     setInterval(() => {}, 1000);`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const outcome = new Promise<string>((resolve) => child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
  return { child, outcome };
}

const ended = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

describe('acquireDataDirLock', () => {
  it('refuses a second holder in the same process, and frees the folder on release', async () => {
    const dir = freshDir();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another process/);
    release();
    const again = await acquireDataDirLock(dir);
    again();
  });

  it('refuses a second process with the same process id, and lets it in once the first was killed', async () => {
    const dir = freshDir();
    const first = holder(dir, 1);
    expect(await first.outcome).toBe('held');
    const second = holder(dir, 1);
    expect(await second.outcome).toBe('refused');
    second.child.kill('SIGKILL');
    first.child.kill('SIGKILL');
    await ended(first.child);
    // kill -9 left the socket file behind; a new process takes over at once.
    expect(existsSync(join(dir, 'server.sock'))).toBe(true);
    const third = holder(dir, 1);
    expect(await third.outcome).toBe('held');
    third.child.kill('SIGKILL');
  });

  it('lets exactly one of several processes take over a folder whose owner was killed', async () => {
    const dir = freshDir();
    const first = holder(dir);
    expect(await first.outcome).toBe('held');
    first.child.kill('SIGKILL');
    await ended(first.child);
    const racers = Array.from({ length: 5 }, () => holder(dir));
    const outcomes = await Promise.all(racers.map((r) => r.outcome));
    for (const r of racers) r.child.kill('SIGKILL');
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(4);
  });

  it('works for a folder whose path is too long for a Unix socket', async () => {
    const dir = join(freshDir(), 'a-very-long-folder-name-'.repeat(6));
    mkdirSync(dir);
    expect(join(dir, 'server.sock').length).toBeGreaterThan(108);
    const cwd = process.cwd();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    expect(process.cwd()).toBe(cwd);
    release();
  });
});
