import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

// Issue 11: a failed query writes what failed to the log, never its parameters (password hashes,
// customer details, tokens), and the caller gets a plain 500.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const written: string[] = [];
beforeAll(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
});
afterEach(async () => {
  await app.database.transaction((tx) => tx.exec('ALTER TABLE workspaces DROP CONSTRAINT IF EXISTS refuse_all'));
});

describe('a failed query', () => {
  it('is logged without the registration it carried', async () => {
    await app.database.transaction((tx) => tx.exec('ALTER TABLE workspaces ADD CONSTRAINT refuse_all CHECK (id < 0) NOT VALID'));
    const secret = newWorkspace({
      email: 'leaky.owner@secret.example',
      password: 'staff-secret-pass',
      adminPassword: 'admin-secret-pass',
      businessName: 'Secret Dental',
    });
    const res = await new Client(app.url, { origin: app.url }).post('/api/register', secret);
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const failure = written.map((line) => JSON.parse(line)).find((line) => line.msg === 'POST /api/register failed');
    expect(failure).toMatchObject({ level: 'error', requestId: res.headers.get('x-request-id') });
    expect(failure.error).toContain('Failed query: insert into "workspaces"');
    const log = written.join('\n');
    for (const leak of ['leaky.owner@secret.example', 'secret-pass', 'scrypt$', 'Secret Dental', secret.slug]) expect(log).not.toContain(leak);
  });
});
