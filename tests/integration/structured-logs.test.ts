import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// Issue 14: the server's stdout is JSON lines (level, time, msg), one per request with its route
// pattern, and none carries a password, the session cookie, a customer's email or a link token.

const workspace = newWorkspace({ email: 'logged.owner@secret.example', password: 'staff-log-secret', adminPassword: 'admin-log-secret' });
const customerEmail = 'carla.customer@secret.example';
const dataDir = mkdtempSync(join(tmpdir(), 'rc-logs-'));
const postgresDatabase = databaseKind === 'postgres' ? throwawayPostgresDatabase('rc_logs') : null;
let server: ReturnType<typeof spawnServer>;

beforeAll(async () => {
  const database = postgresDatabase ? { DATABASE_URL: postgresDatabase.url(), APP_SECRET: 'x'.repeat(40) } : { DATABASE_URL: '', APP_SECRET: '' };
  const port = await freePort();
  server = spawnServer({ ...database, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', DEFAULT_PLAN: 'starter', SMTP_URL: '' });
  await server.ready();
}, withServerStarts(1));
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the log of a session', () => {
  it('is JSON lines without secrets', async () => {
    const client = new Client(server.url, { origin: server.url });
    expect((await client.post('/api/register', workspace)).status).toBe(201);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
    const session = client.cookie('rc_session')!;
    const team = (await client.post('/api/teams', { name: 'Audit' })).json as { id: number };
    const template = (await client.post('/api/email-templates', { name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' }))
      .json as { id: number };
    const logged = await client.post('/api/review-requests', {
      staffFirstName: 'Ann',
      staffEmail: 'ann@staff.example',
      teamId: team.id,
      email: customerEmail,
      firstName: 'Carla',
      lastName: 'Customer',
      templateId: template.id,
    });
    expect(logged.status).toBe(201);
    const link = new URL(logged.json.request.reviewLink as string);
    const token = link.pathname.split('/').pop()!;
    const visitor = new Client(server.url, { origin: server.url });
    expect((await visitor.get(`${link.pathname}?utm=mail`)).status).toBe(200);
    expect((await visitor.post(`/api/review-link/${token}/open`)).status).toBe(204);
    const refused = await new Client(server.url, { 'x-request-id': 'edge-42' }).get('/api/dashboard');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('edge-42');

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    expect(lines.some((line) => typeof line.msg === 'string' && line.msg.startsWith('Review Challenge is running on'))).toBe(true);
    const requests = lines.filter((line) => line.msg === 'request');
    for (const line of requests)
      expect(line).toMatchObject({
        method: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
        durationMs: expect.any(Number),
        requestId: expect.any(String),
      });
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', route: '/r/[token]', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/review-link/[token]/open', status: 204 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/review-requests', status: 201, workspaceId: expect.any(Number) }));
    expect(requests).toContainEqual(expect.objectContaining({ route: '/api/dashboard', status: 401, requestId: 'edge-42', reason: 'Authentication required' }));

    const everything = server.output();
    for (const secret of [workspace.password, workspace.adminPassword, workspace.email, session, customerEmail, token, 'utm=mail'])
      expect(everything).not.toContain(secret);
  });
});
