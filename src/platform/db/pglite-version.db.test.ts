import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPgliteFolderVersion, IncompatibleDataDirError, PGLITE_PG_MAJOR } from './pglite-version.ts';

describe('checkPgliteFolderVersion', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-pg-version-'));
  const databaseDir = join(dataDir, 'pglite');
  afterEach(() => rmSync(databaseDir, { recursive: true, force: true }));

  it('passes a folder with no database yet', () => {
    expect(() => checkPgliteFolderVersion(databaseDir, dataDir)).not.toThrow();
    mkdirSync(databaseDir);
    expect(() => checkPgliteFolderVersion(databaseDir, dataDir)).not.toThrow();
  });

  it('passes a folder of the bundled major version', () => {
    mkdirSync(databaseDir);
    writeFileSync(join(databaseDir, 'PG_VERSION'), `${PGLITE_PG_MAJOR}\n`);
    expect(() => checkPgliteFolderVersion(databaseDir, dataDir)).not.toThrow();
  });

  it('stops at a folder of another major version, saying how to export and reload', () => {
    mkdirSync(databaseDir);
    writeFileSync(join(databaseDir, 'PG_VERSION'), '17\n');
    expect(() => checkPgliteFolderVersion(databaseDir, dataDir)).toThrow(IncompatibleDataDirError);
    expect(() => checkPgliteFolderVersion(databaseDir, dataDir)).toThrow(
      /written by PostgreSQL 17.*runs PostgreSQL 18[\s\S]*cli -- backup[\s\S]*cli -- restore/,
    );
  });

  it('knows the major version of the bundled PGlite', async () => {
    const pg = await PGlite.create();
    try {
      const { rows } = await pg.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
      expect(Math.floor(Number(rows[0]!.v) / 10_000)).toBe(PGLITE_PG_MAJOR);
    } finally {
      await pg.close();
    }
  });
});
