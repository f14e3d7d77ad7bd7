import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/lib/db/migrate.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';

// Several instances of the product on one PostgreSQL database, as in production.
describe.runIf(databaseKind === 'postgres')('instances sharing one PostgreSQL database', () => {
  const name = `rc_instances_${randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('start together, apply the migrations once, and share their data', async () => {
    const env = { DATABASE_URL: databaseUrl, APP_SECRET: TEST_APP_SECRET };
    const a = spawnServer({ ...env, PORT: String(await freePort()) });
    const b = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const logs = [a.output(), b.output()];
      expect(logs.filter((log) => log.includes('Applied migrations')).length).toBe(1);

      const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      const rows = await db`SELECT name FROM schema_migrations ORDER BY name`;
      await db.end();
      expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));

      const workspace = newWorkspace();
      expect((await new Client(a.url).post('/api/register', workspace)).status).toBe(201);
      const viaB = new Client(b.url);
      expect((await viaB.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
