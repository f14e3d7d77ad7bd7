import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, newWorkspace } from '../helpers/client.ts';
import { holdDataDir } from '../helpers/data-dir-holder.ts';
import { databaseKind } from '../helpers/database.ts';
import { freePort, runCli, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// The product as `npm start` runs it on its embedded database: separate processes on one DATA_DIR.
// Each test starts at most two servers, one after the other, beside the CLI.
describe.runIf(databaseKind === 'pglite')('the server on its embedded database', { timeout: withServerStarts(2) }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-embedded-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', APP_SECRET: '' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const workspace = newWorkspace();

  it('keeps a registered workspace after kill -9 and a restart', async () => {
    const first = spawnServer({ ...env, PORT: String(await freePort()) });
    await first.ready();
    expect((await new Client(first.url).post('/api/register', workspace)).status).toBe(201);
    await first.stop('SIGKILL');

    const second = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await second.ready();
      const client = new Client(second.url);
      const login = await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
      expect(login.status).toBe(200);
      expect((await client.get('/api/auth/status')).json).toEqual({ authenticated: true, slug: workspace.slug, plan: 'team', trialEndsAt: expect.any(String) });
    } finally {
      await second.stop();
    }
  });

  it('keeps the data folder and every file in it for the owner alone', async () => {
    const server = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await server.ready();
      expect((await new Client(server.url).post('/api/register', newWorkspace())).status).toBe(201);
      const open: string[] = [];
      const walk = (path: string) => {
        const stat = lstatSync(path);
        if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0) open.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
        if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
      };
      walk(dataDir);
      expect(open).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('stops with the way out, and no stack trace, on a folder written by another embedded-database version', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'rc-old-version-'));
    try {
      mkdirSync(join(oldDir, 'pglite'));
      writeFileSync(join(oldDir, 'pglite', 'PG_VERSION'), '17\n');
      const server = spawnServer({ ...env, DATA_DIR: oldDir, PORT: String(await freePort()) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/backup/);
      expect(server.output()).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same folder with a clear message', async () => {
    const holder = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await holder.ready();
      const intruder = spawnServer({ ...env, PORT: String(await freePort()) });
      expect(await intruder.exited).toBe(1);
      expect(intruder.output()).toMatch(/in use by another process/);
      const cli = await runCli(['plan', workspace.slug, 'team'], env);
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(/in use by another process/);
    } finally {
      await holder.stop();
    }
  });

  it('lets one of two processes with the same process id open the folder, the other once the first is killed', async () => {
    const first = holdDataDir(dataDir, { pid: 1, open: 'database' });
    expect(await first.outcome).toBe('held as pid 1');
    expect(await holdDataDir(dataDir, { pid: 1, open: 'database' }).outcome).toBe('refused');
    await first.kill('SIGKILL');
    const second = holdDataDir(dataDir, { pid: 1, open: 'database' });
    expect(await second.outcome).toBe('held as pid 1');
    await second.exit();
  });

  it('changes a plan from the operator CLI, with clear errors', async () => {
    const changed = await runCli(['plan', workspace.slug, 'agency'], env);
    expect(changed.stdout).toMatch(/now on the agency plan/);
    expect(changed.code).toBe(0);

    const unknownSlug = await runCli(['plan', 'no-such-workspace', 'team'], env);
    expect(unknownSlug.code).toBe(2);
    expect(unknownSlug.stderr).toMatch(/No workspace has the slug "no-such-workspace"/);

    const unknownPlan = await runCli(['plan', workspace.slug, 'gold'], env);
    expect(unknownPlan.code).toBe(2);
    expect(unknownPlan.stderr).toMatch(/Unknown plan "gold"/);

    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/plan <slug>/);

    const server = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await server.ready();
      const client = new Client(server.url);
      await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
      expect((await client.get('/api/auth/status')).json.plan).toBe('agency');
    } finally {
      await server.stop();
    }
  });

  it('stops at start with the name of a malformed variable', async () => {
    const bad = spawnServer({ ...env, DEFAULT_PLAN: 'gold', PORT: String(await freePort()) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/DEFAULT_PLAN/);
  });
});
