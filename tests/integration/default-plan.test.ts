import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ DEFAULT_PLAN: 'team' });
});
afterAll(() => app.close());

it('gives new workspaces the plan named by DEFAULT_PLAN, with no trial', async () => {
  const client = new Client(app.url);
  await client.post('/api/register', newWorkspace());
  expect((await client.get('/api/auth/status')).json).toMatchObject({ plan: 'team', trialEndsAt: null });
});
