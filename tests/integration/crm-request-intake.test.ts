import { generateKeyPairSync, sign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDeliveries, crmRequestIntake, emailTemplates, reviewRequests, unsubscribes } from '#platform/db/schema.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { contactBody } from '../fixtures/highlevel-request.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';
import { signUpAdmin } from '../helpers/accounts.ts';

// HighLevel request intake (decision 041): a workflow's Webhook action posts a contact and a review
// request is logged for them, its email sent like the log form's. Bodies are built on a captured one.

let app: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'reviews@example.test', DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

let counter = 0;
/** A workspace with a team, a template, the request webhook's URL and (unless told) a default team set. */
async function office(options: { mapping?: Record<string, unknown> | null } = {}) {
  const signedIn = await officeWithTeamAndTemplate(app, { businessName: `Clinic ${++counter}` });
  const intake = (await signedIn.client.get('/api/admin/crm-webhook/requests')).json as { url: string };
  if (options.mapping !== null) {
    const saved = await signedIn.client.request('PUT', '/api/admin/crm-webhook/requests', { defaultTeamId: signedIn.teamId, ...options.mapping });
    expect(saved.status).toBe(200);
  }
  return { ...signedIn, url: intake.url };
}

/** A contact from the captured body, unique per test, assigned to Jess. */
function contact(extra: Record<string, unknown> = {}) {
  const n = ++counter;
  return contactBody({
    contact_id: `contact${n}`,
    first_name: 'Ana',
    last_name: 'Silva',
    full_name: 'Ana Silva',
    email: `ana${n}@example.com`,
    user: { firstName: 'Jess', lastName: 'Lee', email: 'jess@clinic.test' },
    ...extra,
  });
}

function deliver(url: string, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
}

const requestsOf = (workspaceId: number) =>
  app.database.db.select().from(reviewRequests).where(eq(reviewRequests.workspaceId, workspaceId)).orderBy(reviewRequests.id);
const deliveriesOf = (workspaceId: number) =>
  app.database.db
    .select()
    .from(crmDeliveries)
    .where(and(eq(crmDeliveries.workspaceId, workspaceId), eq(crmDeliveries.kind, 'request')))
    .orderBy(crmDeliveries.id);

describe('HighLevel request intake', () => {
  it('logs a request from a captured-shape contact, and its email reaches the customer', async () => {
    const { url, workspaceId, teamId } = await office();
    const body = contact();
    const response = await deliver(url, body);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: number };
    const [request] = await requestsOf(workspaceId);
    expect(request).toMatchObject({
      id: answer.id,
      customerFirstName: 'Ana',
      customerLastName: 'Silva',
      customerEmail: body.email,
      staffFirstName: 'Jess',
      staffEmail: 'jess@clinic.test',
      teamId,
    });
    const message = await sink.waitForMessage((m) => m.envelope.to[0] === body.email);
    expect(message.mail.subject).toBe('How did we do, Ana?');
    expect(await deliveriesOf(workspaceId)).toMatchObject([{ status: 'stored', requestId: answer.id }]);
  });

  it('shows the URL in the admin panel next to the review webhook, with the same secret', async () => {
    const { client, url } = await office({ mapping: null });
    const reviewUrl = (await client.get('/api/admin/crm-webhook')).json.url as string;
    expect(url).toBe(`${reviewUrl}/requests`);
  });

  it('accepts the secret in an X-Webhook-Secret header', async () => {
    const { url, workspaceId } = await office();
    const secret = new URL(url).pathname.split('/')[4]!;
    const headerUrl = new URL('/api/webhooks/crm/requests', url).toString();
    expect((await deliver(headerUrl, contact(), { 'x-webhook-secret': secret })).status).toBe(201);
    expect(await requestsOf(workspaceId)).toHaveLength(1);
  });

  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const { url, workspaceId } = await office();
    const wrong = url.replace(/\/crm\/[^/]+\/requests$/, '/crm/wrongwrongwrongwrongwrong/requests');
    expect((await deliver(wrong, contact())).status).toBe(401);
    const headerUrl = new URL('/api/webhooks/crm/requests', url).toString();
    expect((await deliver(headerUrl, contact())).status).toBe(401);
    expect((await deliver(headerUrl, contact(), { 'x-webhook-secret': 'not-the-secret-at-all-000' })).status).toBe(401);
    expect(await requestsOf(workspaceId)).toHaveLength(0);
  });

  it("cannot log a request in a workspace with another workspace's secret", async () => {
    const a = await office();
    const b = await office();
    expect((await deliver(a.url, contact())).status).toBe(201);
    expect(await requestsOf(a.workspaceId)).toHaveLength(1);
    expect(await requestsOf(b.workspaceId)).toHaveLength(0);
  });

  it('logs one request for a repeated delivery, and for two identical deliveries at once', async () => {
    const { url, workspaceId } = await office();
    const body = contact();
    expect((await deliver(url, body)).status).toBe(201);
    const again = await deliver(url, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: string }).message).toBe('Already received');
    // The same contact and workflow run with a changed body is still the same delivery.
    expect((await deliver(url, { ...body, tags: 'other' })).status).toBe(200);

    const twin = contact();
    const answers = await Promise.all([deliver(url, twin), deliver(url, twin), deliver(url, twin)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await requestsOf(workspaceId)).toHaveLength(2);
    const statuses = (await deliveriesOf(workspaceId)).map((d) => d.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'stored', 'stored']);
  });

  it('logs a new request when the same contact comes through the same workflow more than 24 hours later', async () => {
    const { url, workspaceId } = await office();
    const body = contact();
    expect((await deliver(url, body)).status).toBe(201);
    await app.database.db
      .update(crmRequestIntake)
      .set({ claimedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(crmRequestIntake.workspaceId, workspaceId));
    expect((await deliver(url, body)).status).toBe(201);
    expect((await deliver(url, body)).status).toBe(200);
    expect(await requestsOf(workspaceId)).toHaveLength(2);
  });

  it("refuses a mapping to another workspace's team or template, or a malformed one", async () => {
    const a = await office();
    const b = await office({ mapping: null });
    const put = (body: unknown) => b.client.request('PUT', '/api/admin/crm-webhook/requests', body);
    expect((await put({ defaultTeamId: a.teamId })).status).toBe(400);
    expect((await put({ defaultTeamId: b.teamId, templateId: a.templateId })).status).toBe(400);
    expect((await put({ defaultTeamId: b.teamId, userTeams: [{ email: 'not-an-email', teamId: b.teamId }] })).status).toBe(400);
    expect((await put({ defaultTeamId: b.teamId, defaultStaffEmail: 'front@clinic.test' })).status).toBe(400);
    expect((await put({ defaultTeamId: 'x' })).status).toBe(400);
    const saved = await put({ defaultTeamId: String(b.teamId), templateId: '' });
    expect(saved.status).toBe(200);
    expect(saved.json.settings).toEqual({ defaultTeamId: b.teamId, templateId: null, defaultStaffFirstName: '', defaultStaffEmail: '', userTeams: [] });
  });

  it("dedupes HighLevel's webhookId", async () => {
    const { url, workspaceId } = await office();
    expect((await deliver(url, contact({ webhookId: 'wh-1' }))).status).toBe(201);
    expect((await deliver(url, contact({ webhookId: 'wh-1' }))).status).toBe(200);
    expect(await requestsOf(workspaceId)).toHaveLength(1);
  });

  it('reads a form-encoded body', async () => {
    const { url, workspaceId } = await office();
    const form = new URLSearchParams({
      contact_id: 'form1',
      first_name: 'Bea',
      last_name: 'Moss',
      email: 'bea@example.com',
      'workflow[id]': 'wf',
      'user[firstName]': 'Jess',
      'user[email]': 'jess@clinic.test',
    });
    const response = await deliver(url, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(201);
    expect(await requestsOf(workspaceId)).toMatchObject([{ customerFirstName: 'Bea', customerEmail: 'bea@example.com', staffFirstName: 'Jess' }]);
  });

  it("takes the assigned user as staff, maps them to their team, and falls back to the admin's default staff", async () => {
    const { url, workspaceId, teamId, client } = await office();
    const other = (await client.post('/api/teams', { name: 'Hygiene' })).json as { id: number };
    const saved = await client.request('PUT', '/api/admin/crm-webhook/requests', {
      defaultTeamId: teamId,
      defaultStaffFirstName: 'Reception',
      defaultStaffEmail: 'front@clinic.test',
      userTeams: [{ email: 'Sam@Clinic.test', teamId: other.id }],
    });
    expect(saved.status).toBe(200);

    expect((await deliver(url, contact({ customData: { staffEmail: 'sam@clinic.test', staffFirstName: 'Sam' }, user: undefined }))).status).toBe(201);
    expect((await deliver(url, contact({ user: undefined }))).status).toBe(201);
    const rows = await requestsOf(workspaceId);
    expect(rows.map(({ staffFirstName, staffEmail, teamId: team }) => ({ staffFirstName, staffEmail, team }))).toEqual([
      { staffFirstName: 'Sam', staffEmail: 'sam@clinic.test', team: other.id },
      { staffFirstName: 'Reception', staffEmail: 'front@clinic.test', team: teamId },
    ]);
  });

  it('processes a refused delivery again from the log once the admin has chosen a team', async () => {
    const { url, workspaceId, client, teamId } = await office({ mapping: null });
    expect((await deliver(url, contact())).status).toBe(422);
    const [refused] = await deliveriesOf(workspaceId);
    const still = await client.post(`/api/admin/crm-webhook/deliveries/${refused!.id}/retry`, {});
    expect(still.status).toBe(422);
    expect((await client.request('PUT', '/api/admin/crm-webhook/requests', { defaultTeamId: teamId })).status).toBe(200);
    const again = await client.post(`/api/admin/crm-webhook/deliveries/${refused!.id}/retry`, {});
    expect(again.status).toBe(200);
    const [request] = await requestsOf(workspaceId);
    expect(again.json.delivery).toMatchObject({ id: refused!.id, kind: 'request', status: 'stored', requestId: request!.id });
    expect((await client.post(`/api/admin/crm-webhook/deliveries/${refused!.id}/retry`, {})).status).toBe(409);
    expect(await requestsOf(workspaceId)).toHaveLength(1);
  });

  it('answers a request the log refuses as the app and the public API do (decision 057)', async () => {
    const { url, workspaceId, client, teamId } = await office();
    const gone = (await client.post('/api/teams', { name: 'Closed branch' })).json as { id: number };
    expect(
      (await client.request('PUT', '/api/admin/crm-webhook/requests', { defaultTeamId: teamId, userTeams: [{ email: 'jess@clinic.test', teamId: gone.id }] }))
        .status,
    ).toBe(200);
    expect((await client.request('DELETE', `/api/teams/${gone.id}`)).status).toBe(200);

    const viaCrm = await deliver(url, contact());
    const form = { staffFirstName: 'Jess', staffEmail: 'jess@clinic.test', teamId: gone.id, email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' };
    const viaApp = await client.post('/api/review-requests', { ...form, templateId: (await client.get('/api/email-templates')).json[0].id });
    expect(viaApp.status).toBe(400);
    expect(viaCrm.status).toBe(viaApp.status);
    expect(await viaCrm.json()).toMatchObject({ message: viaApp.json.message, field: 'teamId' });
    expect(await requestsOf(workspaceId)).toHaveLength(0);
    expect((await deliveriesOf(workspaceId))[0]).toMatchObject({ status: 'refused', reason: viaApp.json.message });
  });

  it('refuses a contact without an email or first name with 422, logged with the reason', async () => {
    const { url, workspaceId } = await office();
    const noEmail = await deliver(url, contact({ email: '' }));
    expect(noEmail.status).toBe(422);
    expect(await noEmail.json()).toEqual({ message: 'Customer email is required', field: 'email' });
    const noName = await deliver(url, contact({ first_name: '', full_name: '' }));
    expect(noName.status).toBe(422);
    expect(await requestsOf(workspaceId)).toHaveLength(0);
    expect((await deliveriesOf(workspaceId)).map((d) => [d.status, d.reason])).toEqual([
      ['refused', 'Customer email is required'],
      ['refused', 'Customer first name is required'],
    ]);
  });

  it('refuses clearly, and logs why, when nothing names the staff or the team, or the customer unsubscribed', async () => {
    const { url, workspaceId } = await office({ mapping: null });
    const noStaff = await deliver(url, contact({ user: undefined }));
    expect(noStaff.status).toBe(422);
    const noTeam = await deliver(url, contact());
    expect(noTeam.status).toBe(422);
    expect(((await noTeam.json()) as { message: string }).message).toContain('No team is chosen');

    const mapped = await office();
    const body = contact();
    await app.database.db.insert(unsubscribes).values({ workspaceId: mapped.workspaceId, email: String(body.email) });
    const unsubscribed = await deliver(mapped.url, body);
    expect(unsubscribed.status).toBe(409);
    expect(await requestsOf(mapped.workspaceId)).toHaveLength(0);
    expect((await deliveriesOf(mapped.workspaceId))[0]).toMatchObject({ status: 'refused', reason: expect.stringContaining('unsubscribed') });
    expect((await deliveriesOf(workspaceId)).every((d) => d.status === 'refused' && d.reason)).toBe(true);
  });

  it('needs a chosen template when several are active, and never answers 500 to a bad body', async () => {
    const { url, workspaceId, client, templateId } = await office();
    await app.database.db.insert(emailTemplates).values({ workspaceId, name: 'Second', subject: 'Hi', htmlContent: '<p>Hi</p>', phoneScript: null });
    const refused = await deliver(url, contact());
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { field: string }).field).toBe('templateId');
    const teamId = ((await client.get('/api/admin/crm-webhook/requests')).json as { settings: { defaultTeamId: number } }).settings.defaultTeamId;
    expect((await client.request('PUT', '/api/admin/crm-webhook/requests', { defaultTeamId: teamId, templateId })).status).toBe(200);
    expect((await deliver(url, contact())).status).toBe(201);

    for (const bad of ['not json', '[1,2]', '{"email": {"a": 1}}', JSON.stringify(contact({ first_name: 'A\u0000' }))]) {
      const response = await deliver(url, bad);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe('signed HighLevel request deliveries', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  let signedApp: TestApp;
  beforeAll(async () => {
    signedApp = await startApp({ GHL_WEBHOOK_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  });
  afterAll(() => signedApp.close());

  it('checks X-GHL-Signature like the review webhook when the key is configured', async () => {
    const admin = await signUpAdmin(signedApp);
    const url = (await admin.client.get('/api/admin/crm-webhook/requests')).json.url as string;
    const text = JSON.stringify(contact());
    const signature = sign(null, Buffer.from(text), privateKey).toString('base64');
    for (const headers of [
      {} as Record<string, string>,
      { 'x-ghl-signature': 'N/A' },
      { 'x-ghl-signature': sign(null, Buffer.from(text), generateKeyPairSync('ed25519').privateKey).toString('base64') },
    ]) {
      expect((await deliver(url, text, headers)).status).toBe(401);
    }
    // Correctly signed, it goes on to the mapping (no team chosen in this workspace): refused for that reason, not the signature.
    const answer = await deliver(url, text, { 'x-ghl-signature': signature });
    expect(answer.status).toBe(422);
    const reasons = (
      await signedApp.database.db.select().from(crmDeliveries).where(eq(crmDeliveries.workspaceId, admin.workspaceId)).orderBy(crmDeliveries.id)
    ).map((d) => d.reason);
    expect(reasons.slice(0, 3)).toEqual(['Signature required', 'Signature required', 'Invalid signature']);
  });
});
