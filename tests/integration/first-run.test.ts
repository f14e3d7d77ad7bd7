import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';

// Issue 12, items 4 and 6: the set-up checklist ticks each step from the stored state, and with no
// SMTP and no PUBLIC_URL a logged request answers the customer's link on the address staff used.

let app: TestApp;
beforeAll(async () => {
  // What a bare `npm start` has: no SMTP, no PUBLIC_URL.
  app = await startApp({ PUBLIC_URL: undefined as unknown as string });
});
afterAll(() => app.close());

const doneSteps = async (client: Awaited<ReturnType<typeof signUpAdmin>>['client']) => {
  const res = await client.get('/api/setup-checklist');
  expect(res.status).toBe(200);
  return (res.json.steps as { id: string; done: boolean }[]).filter((s) => s.done).map((s) => s.id);
};

describe('the set-up checklist', () => {
  it('starts empty and ticks each step as it is done, from the stored state', async () => {
    const { client } = await signUpAdmin(app);
    expect(await doneSteps(client)).toEqual([]);
    expect((await client.get('/api/setup-checklist')).json).toMatchObject({ done: 0, complete: false, emailConfigured: false });

    expect((await client.post('/api/teams', { name: 'Front Desk' })).status).toBe(201);
    expect(await doneSteps(client)).toEqual(['teams']);
    expect((await client.get('/api/setup-checklist')).json.suggestedTarget).toBe(30);

    // Issue 33, item 9: a target saved by the admin, even the default 120 (four teams' suggestion).
    expect((await client.request('PUT', '/api/settings/target_reviews', { value: '120' })).status).toBe(200);
    expect(await doneSteps(client)).toEqual(['teams', 'target']);

    expect((await client.request('PUT', '/api/settings/google_review_link', { value: 'https://g.page/r/abc/review' })).status).toBe(200);
    expect(await doneSteps(client)).toEqual(['teams', 'target', 'review_link']);

    expect((await client.post('/api/email-templates', { name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi</p>' })).status).toBe(201);
    expect(await doneSteps(client)).toContain('email_template');

    expect((await client.request('PUT', '/api/settings/setup_copy_link_mode', { value: 'maybe' })).status).toBe(400);
    expect((await client.request('PUT', '/api/settings/setup_copy_link_mode', { value: 'yes' })).status).toBe(200);
    expect(await doneSteps(client)).toContain('email_delivery');

    expect((await client.post('/api/admin/kiosk-links', { label: 'Office TV' })).status).toBe(201);
    expect(await doneSteps(client)).toContain('tv_link');

    expect((await client.post('/api/test-review', { reviewerName: 'Test', rating: 5, reviewText: 'Great', source: 'ghl' })).status).toBe(201);
    expect((await client.get('/api/setup-checklist')).json).toMatchObject({ done: 7, complete: true });
  });

  it('ticks "Set a target" for a target that is not the default, or a named wallboard\'s, and not for the default left alone', async () => {
    const { client } = await signUpAdmin(app);
    expect((await client.get('/api/settings')).json).toContainEqual({ key: 'target_reviews', value: '120' });
    expect(await doneSteps(client)).not.toContain('target');
    expect((await client.request('PUT', '/api/settings/target_reviews', { value: '75' })).status).toBe(200);
    expect(await doneSteps(client)).toContain('target');
  });

  it('is for signed-in members only', async () => {
    const res = await fetch(`${app.url}/api/setup-checklist`);
    expect(res.status).toBe(401);
  });
});

describe('honest delivery without SMTP or PUBLIC_URL', () => {
  it("answers the customer's review link on the address staff used, never localhost", async () => {
    const { client } = await signUpAdmin(app);
    const team = (await client.post('/api/teams', { name: 'Audit' })).json;
    const template = (await client.post('/api/email-templates', { name: 'T', subject: 'Thanks {firstName}', htmlContent: '<p>Hi</p>' })).json;
    const res = await client.post('/api/review-requests', {
      staffFirstName: 'Ann',
      staffEmail: 'ann@example.test',
      teamId: team.id,
      email: 'bob@example.test',
      firstName: 'Bob',
      lastName: 'Lee',
      templateId: template.id,
    });
    expect(res.status).toBe(201);
    expect(res.json.request.emailStatus).toBe('not sent: no SMTP');
    expect(res.json.request.reviewLink).toMatch(new RegExp(`^${app.url}/r/[A-Za-z0-9_-]{32}$`));
    expect((await fetch(res.json.request.reviewLink)).status).toBe(200);

    const tv = await client.post('/api/admin/kiosk-links', { label: 'TV' });
    expect(tv.json.url).toMatch(new RegExp(`^${app.url}/wall/`));
  });
});
