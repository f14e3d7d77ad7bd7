import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_SIGN_IN_CEILING } from '#domain/workspace/auth/sign-in.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { underSuiteLoad } from '../helpers/deadlines.ts';

// Behind one reverse proxy (TRUST_PROXY=1), which appends the address it received from to
// X-Forwarded-For; with a small registration limit.

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ TRUST_PROXY: '1', REGISTRATIONS_PER_HOUR: '5' });
});
afterAll(() => app.close());

/** A request as the proxy forwards it: whatever the client claimed, then the address the proxy saw. */
const via = (address: string, claimed?: string) => new Client(app.url, { origin: app.url, 'x-forwarded-for': claimed ? `${claimed}, ${address}` : address });

describe('behind a proxy', () => {
  it('limits by the address the proxy saw, not by what the client claims', async () => {
    const owner = via('198.51.100.1');
    const workspace = newWorkspace();
    expect((await owner.post('/api/register', workspace)).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      expect((await via('198.51.100.2', `203.0.113.${i}`).post('/api/auth/login', { slug: workspace.slug, password: 'wrong' })).status).toBe(401);
    }
    expect((await via('198.51.100.2', '203.0.113.200').post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(429);
    // Someone else, elsewhere, is not held by it.
    expect((await via('198.51.100.3').post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
  });

  // A hundred and some password checks (scrypt, about 90 ms of CPU each on 2 cores, bench:auth): CPU
  // all through, so the rest of the suite stretches it as it stretches a server's start.
  it('holds guessing from many addresses under a ceiling for the workspace, which the owner is not held by', { timeout: underSuiteLoad(12_000) }, async () => {
    const owner = via('198.51.100.10');
    const workspace = newWorkspace();
    expect((await owner.post('/api/register', workspace)).status).toBe(201);
    const addresses = Math.ceil(WORKSPACE_SIGN_IN_CEILING / 10);
    for (let a = 0; a < addresses; a++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => via(`192.0.2.${a + 1}`).post('/api/auth/login', { slug: workspace.slug, password: `wrong-${i}` })),
      );
      expect(answers.every((r) => r.status === 401)).toBe(true);
    }
    expect((await via('192.0.2.250').post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(429);
    // The owner's browser signed in before, so it is known to the workspace.
    expect((await owner.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
  });

  it('limits registrations per address, checking a taken slug before counting', async () => {
    const taken = newWorkspace();
    expect((await via('198.51.100.20').post('/api/register', taken)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await via('198.51.100.21').post('/api/register', taken)).status).toBe(409);
    const answers = await Promise.all(Array.from({ length: 8 }, () => via('198.51.100.21').post('/api/register', newWorkspace())));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json.message).toBe('Too many registrations from this address. Please try again in an hour.');
    expect((await via('198.51.100.22').post('/api/register', newWorkspace())).status).toBe(201);
  });
});
