import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates } from '#platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { startApp, type TestApp } from '../helpers/app.ts';
import { type signUp, signUpAdmin } from '../helpers/accounts.ts';
import { Client } from '../helpers/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

// A client like a browser: it sends its Origin with every write (decision 008).
const browserClient = () => new Client(app.url, { origin: app.url });

const patch = (client: Client, path: string, body: unknown) => client.request('PATCH', path, body);
const del = (client: Client, path: string) => client.request('DELETE', path);

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thank you',
  subject: 'Thanks for choosing us, {firstName}',
  htmlContent: '<p>Hi {firstName},</p><p>It was a pleasure. <strong>{staffFirstName}</strong></p>',
  phoneScript: 'Hi {firstName}, this is {staffFirstName} from {companyName}.',
  isActive: true,
  ...overrides,
});

type Template = { id: number; name: string; subject: string; htmlContent: string; phoneScript: string | null; timingTip: string | null; isActive: boolean };

/** A staff session (no admin claim) in the same workspace as `admin`. */
async function staffOf(admin: Awaited<ReturnType<typeof signUp>>): Promise<Client> {
  const staff = browserClient();
  const res = await staff.post('/api/auth/login', { slug: admin.workspace.slug, password: admin.workspace.password });
  expect(res.status).toBe(200);
  return staff;
}

describe('who may call the template endpoints', () => {
  it('answers 401 without a session', async () => {
    const anonymous = browserClient();
    for (const [method, path] of [
      ['GET', '/api/email-templates'],
      ['GET', '/api/email-templates/active'],
      ['POST', '/api/email-templates'],
      ['PATCH', '/api/email-templates/1'],
      ['DELETE', '/api/email-templates/1'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'POST' || method === 'PATCH' ? template() : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Authentication required' });
    }
  });

  it('answers 403 "Admin access required" to staff for all but /active', async () => {
    const admin = await signUpAdmin(app);
    const created = (await admin.client.post('/api/email-templates', template())).json as Template;
    const staff = await staffOf(admin);
    for (const res of [
      await staff.get('/api/email-templates'),
      await staff.post('/api/email-templates', template()),
      await patch(staff, `/api/email-templates/${created.id}`, { name: 'Mine' }),
      await del(staff, `/api/email-templates/${created.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
    const active = await staff.get('/api/email-templates/active');
    expect(active.status).toBe(200);
    expect(active.json).toEqual([created]);
    expect((await admin.client.get('/api/email-templates')).json).toEqual([created]);
  });
});

describe('template CRUD', () => {
  it('creates a template and answers its shape', async () => {
    const { client } = await signUpAdmin(app);
    expect((await client.get('/api/email-templates')).json).toEqual([]);
    const res = await client.post('/api/email-templates', template({ name: '  Thank you  ', subject: ' Hello\n{firstName} ' }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      name: 'Thank you',
      subject: 'Hello {firstName}',
      htmlContent: '<p>Hi {firstName},</p><p>It was a pleasure. <strong>{staffFirstName}</strong></p>',
      phoneScript: 'Hi {firstName}, this is {staffFirstName} from {companyName}.',
      timingTip: null,
      smsBody: null,
      isActive: true,
    });
    expect((await client.get('/api/email-templates')).json).toEqual([res.json]);
  });

  it('makes the phone script optional (null when absent or blank) and Active the default', async () => {
    const { client } = await signUpAdmin(app);
    const { phoneScript: _, isActive: __, ...required } = template();
    const bare = await client.post('/api/email-templates', required);
    expect(bare.status).toBe(201);
    expect(bare.json).toMatchObject({ phoneScript: null, isActive: true });
    expect((await client.post('/api/email-templates', template({ phoneScript: '   ' }))).json.phoneScript).toBeNull();
    expect((await client.post('/api/email-templates', template({ phoneScript: null, isActive: false }))).json).toMatchObject({
      phoneScript: null,
      isActive: false,
    });
  });

  it("keeps a template's best time to ask, trimmed, and gives it to staff with the active templates", async () => {
    const admin = await signUpAdmin(app);
    const res = await admin.client.post('/api/email-templates', template({ timingTip: '  Ask at checkout, before they leave  ' }));
    expect(res.status).toBe(201);
    expect(res.json.timingTip).toBe('Ask at checkout, before they leave');
    expect((await admin.client.post('/api/email-templates', template({ timingTip: '   ' }))).json.timingTip).toBeNull();
    const staff = await staffOf(admin);
    expect((await staff.get('/api/email-templates/active')).json.map((t: Template) => t.timingTip)).toEqual(['Ask at checkout, before they leave', null]);
    const wrong = await admin.client.post('/api/email-templates', template({ timingTip: 12 }));
    expect(wrong.json).toEqual({ message: 'Best time to ask must be text', field: 'timingTip' });
  });

  it('lists templates in creation order, newest last', async () => {
    const { client } = await signUpAdmin(app);
    for (const name of ['Zebra', 'Alpha', 'Middle']) expect((await client.post('/api/email-templates', template({ name }))).status).toBe(201);
    expect((await client.get('/api/email-templates')).json.map((t: Template) => t.name)).toEqual(['Zebra', 'Alpha', 'Middle']);
  });

  it('changes any one field with PATCH and leaves the others', async () => {
    const { client } = await signUpAdmin(app);
    const created = (await client.post('/api/email-templates', template())).json as Template;
    const path = `/api/email-templates/${created.id}`;
    const steps: [Record<string, unknown>, Partial<Template>][] = [
      [{ name: ' Follow-up ' }, { name: 'Follow-up' }],
      [{ subject: 'A new subject' }, { subject: 'A new subject' }],
      [{ htmlContent: '<p>New body</p>' }, { htmlContent: '<p>New body</p>' }],
      [{ phoneScript: '  Say hello  ' }, { phoneScript: 'Say hello' }],
      [{ phoneScript: null }, { phoneScript: null }],
      [{ phoneScript: 'Again' }, { phoneScript: 'Again' }],
      [{ phoneScript: '' }, { phoneScript: null }],
      [{ timingTip: '  Right after the visit  ' }, { timingTip: 'Right after the visit' }],
      [{ timingTip: '' }, { timingTip: null }],
      [{ timingTip: 'Same day' }, { timingTip: 'Same day' }],
      [{ timingTip: null }, { timingTip: null }],
      [{ isActive: false }, { isActive: false }],
      [{ isActive: true }, { isActive: true }],
    ];
    let expected: Template = created;
    for (const [body, change] of steps) {
      const res = await patch(client, path, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expected = { ...expected, ...change };
      expect(res.json).toEqual(expected);
    }
    expect((await client.get('/api/email-templates')).json).toEqual([expected]);
    const empty = await patch(client, path, {});
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/at least one/);
  });

  it('deletes a template', async () => {
    const { client } = await signUpAdmin(app);
    const created = (await client.post('/api/email-templates', template())).json as Template;
    const res = await del(client, `/api/email-templates/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Template deleted' });
    expect((await client.get('/api/email-templates')).json).toEqual([]);
    expect((await del(client, `/api/email-templates/${created.id}`)).json).toEqual({ message: 'Template not found' });
    expect((await patch(client, `/api/email-templates/${created.id}`, { name: 'X' })).status).toBe(404);
  });
});

describe('at most 3 templates', () => {
  it('refuses a fourth with 409 and accepts one again after a delete', async () => {
    const { client } = await signUpAdmin(app);
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await client.post('/api/email-templates', template({ name }))).json.id);
    const fourth = await client.post('/api/email-templates', template({ name: 'Four' }));
    expect(fourth.status).toBe(409);
    expect(fourth.json).toEqual({ message: 'You can have at most 3 email templates' });
    // Inactive ones count too.
    await patch(client, `/api/email-templates/${ids[0]}`, { isActive: false });
    expect((await client.post('/api/email-templates', template({ name: 'Four' }))).status).toBe(409);
    await del(client, `/api/email-templates/${ids[0]}`);
    expect((await client.post('/api/email-templates', template({ name: 'Four' }))).status).toBe(201);
    expect((await client.get('/api/email-templates')).json.map((t: Template) => t.name)).toEqual(['Two', 'Three', 'Four']);
  });

  it('leaves exactly 3 when creates race', async () => {
    for (const [existing, racing] of [
      [0, 4],
      [0, 8],
      [2, 5],
    ] as const) {
      const { client, workspaceId } = await signUpAdmin(app);
      for (let i = 0; i < existing; i++) expect((await client.post('/api/email-templates', template({ name: `Before ${i}` }))).status).toBe(201);
      const results = await Promise.all(Array.from({ length: racing }, (_, i) => client.post('/api/email-templates', template({ name: `Race ${i}` }))));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `${existing} existing, ${racing} racing`).toEqual([
        ...Array<number>(3 - existing).fill(201),
        ...Array<number>(racing - (3 - existing)).fill(409),
      ]);
      const rows = await app.database.db.select().from(emailTemplates).where(eq(emailTemplates.workspaceId, workspaceId));
      expect(rows).toHaveLength(3);
    }
  });

  it('counts each workspace on its own', async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    for (let i = 0; i < 3; i++) expect((await a.client.post('/api/email-templates', template())).status).toBe(201);
    expect((await b.client.post('/api/email-templates', template())).status).toBe(201);
  });
});

describe('stored HTML is sanitised', () => {
  const dirty =
    '<p onclick="steal()">Hi {firstName}<script>alert(1)</script></p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">click</a><a href="https://g.page/r/x">review</a>';

  it('strips script, event handlers and javascript: links on create and on update', async () => {
    const { client } = await signUpAdmin(app);
    const created = await client.post('/api/email-templates', template({ htmlContent: dirty }));
    expect(created.status).toBe(201);
    for (const html of [created.json.htmlContent, (await client.get('/api/email-templates')).json[0].htmlContent]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
      expect(html).toBe('<p>Hi {firstName}</p><a>click</a><a href="https://g.page/r/x">review</a>');
    }
    const updated = await patch(client, `/api/email-templates/${created.json.id}`, { htmlContent: `<b>Bold</b>${dirty}` });
    expect(updated.json.htmlContent).not.toMatch(/<script|onerror|onclick|javascript:/i);
    const [row] = await app.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, created.json.id));
    expect(row!.htmlContent).toBe(updated.json.htmlContent);
    expect(row!.htmlContent.startsWith('<b>Bold</b><p>Hi {firstName}</p>')).toBe(true);
  });

  it('refuses a body that is only unsafe markup', async () => {
    const { client } = await signUpAdmin(app);
    const res = await client.post('/api/email-templates', template({ htmlContent: '<script>alert(1)</script>' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Email body has no content left once unsafe markup is removed', field: 'htmlContent' });
  });

  it('keeps subject and phone script as plain text', async () => {
    const { client } = await signUpAdmin(app);
    const res = await client.post('/api/email-templates', template({ subject: 'Tom & Jerry <3', phoneScript: 'Say "5 < 6" & smile' }));
    expect(res.json).toMatchObject({ subject: 'Tom & Jerry <3', phoneScript: 'Say "5 < 6" & smile' });
  });
});

describe('validation', () => {
  it.each([
    ['name', 'Template name is required'],
    ['subject', 'Subject is required'],
    ['htmlContent', 'Email body is required'],
  ])('needs %s', async (field, message) => {
    const { client } = await signUpAdmin(app);
    for (const value of [undefined, '', '   ', 42, null, ['x']]) {
      const res = await client.post('/api/email-templates', template({ [field]: value }));
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.json).toEqual({ message, field });
    }
    const created = (await client.post('/api/email-templates', template())).json as Template;
    const res = await patch(client, `/api/email-templates/${created.id}`, { [field]: '  ' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
    expect((await client.get('/api/email-templates')).json).toHaveLength(1);
  });

  it.each([
    ['name', 100, 'Template name must be at most 100 characters'],
    ['subject', 200, 'Subject must be at most 200 characters'],
    ['htmlContent', 50_000, 'Email body must be at most 50,000 characters'],
    ['phoneScript', 5_000, 'Phone script must be at most 5,000 characters'],
    ['timingTip', 500, 'Best time to ask must be at most 500 characters'],
  ])('limits %s to %i characters', async (field, max, message) => {
    const { client } = await signUpAdmin(app);
    const over = await client.post('/api/email-templates', template({ [field]: 'x'.repeat(max + 1) }));
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ message, field });
    const at = await client.post('/api/email-templates', template({ [field]: 'x'.repeat(max) }));
    expect(at.status).toBe(201);
    const res = await patch(client, `/api/email-templates/${at.json.id}`, { [field]: 'y'.repeat(max + 1) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('needs isActive to be a boolean and phoneScript to be text', async () => {
    const { client } = await signUpAdmin(app);
    for (const isActive of ['yes', 1, null]) {
      const res = await client.post('/api/email-templates', template({ isActive }));
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Active must be true or false', field: 'isActive' });
    }
    const res = await client.post('/api/email-templates', template({ phoneScript: 12 }));
    expect(res.json).toEqual({ message: 'Phone script must be text', field: 'phoneScript' });
  });
});

describe('ids the caller does not own', () => {
  it('answers 404 for a template of another workspace and leaves it alone', async () => {
    const owner = await signUpAdmin(app);
    const intruder = await signUpAdmin(app);
    const created = (await owner.client.post('/api/email-templates', template())).json as Template;
    const rename = await patch(intruder.client, `/api/email-templates/${created.id}`, { name: 'Mine now' });
    expect(rename.status).toBe(404);
    expect(rename.json).toEqual({ message: 'Template not found' });
    expect((await del(intruder.client, `/api/email-templates/${created.id}`)).status).toBe(404);
    expect((await intruder.client.get('/api/email-templates')).json).toEqual([]);
    expect((await intruder.client.get('/api/email-templates/active')).json).toEqual([]);
    expect((await owner.client.get('/api/email-templates')).json).toEqual([created]);
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3', '%20'])('answers 404 for the id %j', async (id) => {
    const { client } = await signUpAdmin(app);
    expect((await patch(client, `/api/email-templates/${id}`, { name: 'X' })).status).toBe(404);
    expect((await del(client, `/api/email-templates/${id}`)).status).toBe(404);
  });
});

describe('/active', () => {
  it('lists only the active templates of the workspace, in creation order, to staff', async () => {
    const admin = await signUpAdmin(app);
    const made: Template[] = [];
    for (const [name, isActive] of [
      ['First', true],
      ['Hidden', false],
      ['Third', true],
    ] as const) {
      made.push((await admin.client.post('/api/email-templates', template({ name, isActive }))).json);
    }
    const staff = await staffOf(admin);
    expect((await staff.get('/api/email-templates/active')).json).toEqual([made[0], made[2]]);
    await patch(admin.client, `/api/email-templates/${made[1]!.id}`, { isActive: true });
    await patch(admin.client, `/api/email-templates/${made[0]!.id}`, { isActive: false });
    expect((await staff.get('/api/email-templates/active')).json.map((t: Template) => t.name)).toEqual(['Hidden', 'Third']);
  });
});

describe('bad input never gets a 500', () => {
  const mb = 'x'.repeat(1024 * 1024);
  const bodies: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['a JSON array', '[1,2,3]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['wrong types', JSON.stringify({ name: ['x'], subject: {}, htmlContent: 5, phoneScript: [], isActive: 'no' })],
    ['1 MB name', JSON.stringify(template({ name: mb }))],
    ['1 MB subject', JSON.stringify(template({ subject: mb }))],
    ['1 MB body', JSON.stringify(template({ htmlContent: `<p>${mb}</p>` }))],
    ['1 MB phone script', JSON.stringify(template({ phoneScript: mb }))],
    ['a 3 MB body', JSON.stringify(template({ htmlContent: 'x'.repeat(3 * 1024 * 1024) }))],
  ];
  it.each(bodies)('POST and PATCH answer 4xx to %s', async (_, raw) => {
    const { client } = await signUpAdmin(app);
    const created = (await client.post('/api/email-templates', template())).json as Template;
    for (const [method, path] of [
      ['POST', '/api/email-templates'],
      ['PATCH', `/api/email-templates/${created.id}`],
    ] as const) {
      const res = await client.request(method, path, undefined, { raw });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.json?.message).toBe('string');
    }
    expect((await client.get('/api/email-templates')).json).toEqual([created]);
  });
});

describe('POST /api/email-templates/preview (issue 33, item 5)', () => {
  it('answers the email as the customer gets it, with sample names, sanitised, and changes nothing', async () => {
    const admin = await signUpAdmin(app, { businessName: 'Harbourside Dental' });
    const res = await admin.client.post('/api/email-templates/preview', {
      subject: 'Thanks {firstName} {lastName}',
      htmlContent: '<p onclick="x()">Hi {firstName}, {staffFirstName} from {companyName}.</p><script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ subject: 'Thanks Sarah Kim', fromName: 'Harbourside Dental' });
    expect(res.json.html).toContain('<p>Hi Sarah, Alex from Harbourside Dental.</p>');
    expect(res.json.html).not.toMatch(/<script|onclick/);
    expect(res.json.html).toContain(`${app.url}/r/sample`);
    expect((await admin.client.get('/api/email-templates')).json).toEqual([]);
  });

  it('is for the admin, and checks the subject and body as a template does', async () => {
    const admin = await signUpAdmin(app);
    const staff = await staffOf(admin);
    expect((await staff.post('/api/email-templates/preview', { subject: 'Hi', htmlContent: '<p>Hi</p>' })).status).toBe(403);
    expect((await browserClient().post('/api/email-templates/preview', { subject: 'Hi', htmlContent: '<p>Hi</p>' })).status).toBe(401);
    const noSubject = await admin.client.post('/api/email-templates/preview', { subject: '', htmlContent: '<p>Hi</p>' });
    expect(noSubject).toMatchObject({ status: 400, json: { message: 'Subject is required', field: 'subject' } });
    const unsafeOnly = await admin.client.post('/api/email-templates/preview', { subject: 'Hi', htmlContent: '<script>alert(1)</script>' });
    expect(unsafeOnly).toMatchObject({ status: 400, json: { field: 'htmlContent' } });
  });
});
