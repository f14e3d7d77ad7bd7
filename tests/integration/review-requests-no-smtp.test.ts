import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailTemplates, reviewRequests } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';

// Without SMTP_URL nothing is sent: the email waits in the outbox as "not sent: no SMTP".
let app: TestApp;
beforeAll(async () => {
  app = await startApp({ DEFAULT_PLAN: 'starter' });
});
afterAll(() => app.close());

it('logs the request and keeps its email in the outbox as "not sent: no SMTP"', async () => {
  const { client, workspaceId } = await signUpAdmin(app);
  const team = (await client.post('/api/teams', { name: 'Audit' })).json as { id: number };
  const [template] = await app.database.db
    .insert(emailTemplates)
    .values({ workspaceId, name: 'T', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' })
    .returning({ id: emailTemplates.id });
  const res = await client.post('/api/review-requests', {
    staffFirstName: 'Ann',
    staffEmail: 'ann@example.test',
    teamId: team.id,
    email: 'bob@example.test',
    firstName: 'Bob',
    lastName: 'Lee',
    templateId: template!.id,
  });
  expect(res.status).toBe(201);
  expect(res.json.request).toMatchObject({ customerName: 'Bob Lee', teamName: 'Audit', emailStatus: 'not sent: no SMTP' });
  const [row] = await app.database.db.select().from(reviewRequests).where(eq(reviewRequests.id, res.json.request.id));
  expect(row).toMatchObject({ emailSubject: 'Thanks Bob', sentAt: null, token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });

  const [entry] = (await client.get('/api/admin/outbox')).json;
  expect(entry).toMatchObject({
    requestId: row!.id,
    to: 'bob@example.test',
    subject: 'Thanks Bob',
    status: 'not sent: no SMTP',
    error: null,
    attempts: 0,
    sentAt: null,
  });

  // A resend without SMTP changes nothing but says so.
  const resent = await client.post(`/api/admin/outbox/${entry.id}/resend`);
  expect(resent.status).toBe(200);
  expect(resent.json).toMatchObject({ id: entry.id, status: 'not sent: no SMTP', attempts: 0 });

  // The tracked link works without SMTP too.
  expect((await client.get(`/r/${row!.token}`)).status).toBe(200);
});
