import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdDataDir } from '../../../tests/helpers/data-dir-holder.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-lock-'));

describe('acquireDataDirLock', () => {
  it('refuses a second holder in the same process, and frees the folder on release', async () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`The embedded database in ${dir} is in use by another process`);
    // POSIX locks fall when any descriptor of the file is closed: the refused attempts closed theirs.
    expect(await holdDataDir(dir).outcome).toBe('refused');
    release();
    acquireDataDirLock(dir)();
  });

  it('refuses a second process with the same process id until the first exits or is killed', async () => {
    const dir = freshDir();
    const first = holdDataDir(dir, { pid: 1 });
    expect(await first.outcome).toBe('held as pid 1');
    expect(await holdDataDir(dir, { pid: 1 }).outcome).toBe('refused');
    await first.exit();

    const second = holdDataDir(dir, { pid: 1 });
    expect(await second.outcome).toBe('held as pid 1');
    expect(await holdDataDir(dir, { pid: 1 }).outcome).toBe('refused');
    await second.kill('SIGKILL');
    // The kernel dropped the lock of the killed process: the next one holds it at once.
    const third = holdDataDir(dir, { pid: 1 });
    expect(await third.outcome).toBe('held as pid 1');
    await third.kill();
  });

  it('lets exactly one of several processes starting at once hold a folder whose owner was killed', async () => {
    const dir = freshDir();
    const first = holdDataDir(dir);
    expect(await first.outcome).toBe('held as pid 1');
    await first.kill('SIGKILL');
    const racers = Array.from({ length: 5 }, () => holdDataDir(dir));
    const outcomes = await Promise.all(racers.map((r) => r.outcome));
    await Promise.all(racers.map((r) => r.kill()));
    expect(outcomes.filter((o) => o === 'held as pid 1')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(4);
  });

  it('works for a folder whose path is longer than a Unix socket address could be', () => {
    const dir = join(freshDir(), 'a-very-long-folder-name-'.repeat(6));
    mkdirSync(dir);
    expect(dir.length).toBeGreaterThan(108);
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });
});
