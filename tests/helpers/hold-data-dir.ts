// Run by holdDataDir() as its own process: fakes its process id, opens DATA_DIR (the lock alone, or
// the embedded database), prints "held as pid N" or "refused", and holds it until its stdin ends.
import { acquireDataDirLock, DataDirLockedError } from '#platform/db/data-dir-lock.ts';

const [what, dir, pid] = process.argv.slice(2);
Object.defineProperty(process, 'pid', { value: Number(pid) });

let release: () => unknown;
try {
  if (what === 'database') {
    const { openPgliteFolder } = await import('#platform/db/pglite.ts');
    const database = await openPgliteFolder(dir);
    release = () => database.close();
  } else {
    release = acquireDataDirLock(dir);
  }
} catch (error) {
  console.log(error instanceof DataDirLockedError ? 'refused' : `failed: ${error}`);
  process.exit(0);
}
console.log(`held as pid ${process.pid}`);
process.stdin.resume().once('end', async () => {
  await release();
  process.exit(0);
});
