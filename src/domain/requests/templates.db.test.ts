import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { createTemplate, deleteTemplate, getTemplateInWorkspace, listActiveTemplates, listTemplates, updateTemplate, type TemplateInput } from './templates.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;

async function workspaceId(): Promise<number> {
  return (await unitWorkspace(database.db, 'free')).id;
}

const input = (overrides: Partial<TemplateInput> = {}): TemplateInput => ({
  name: 'Thank you',
  subject: 'Thanks, {firstName}',
  htmlContent: '<p>Hi {firstName}</p>',
  phoneScript: null,
  timingTip: null,
  smsBody: null,
  isActive: true,
  ...overrides,
});

beforeAll(async () => {
  // Its own in-memory database (tests/integration/email-templates-api.test.ts covers PostgreSQL).
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('email template store', () => {
  it('creates, lists in creation order, updates and deletes', async () => {
    const ws = await workspaceId();
    const first = await createTemplate(
      database.db,
      ws,
      input({ name: 'Zebra', phoneScript: '  Hi {firstName}, it is {staffFirstName}.  ', timingTip: '  Right after the cleaning  ' }),
    );
    expect(first).toEqual({
      ok: true,
      template: {
        id: expect.any(Number),
        name: 'Zebra',
        subject: 'Thanks, {firstName}',
        htmlContent: '<p>Hi {firstName}</p>',
        phoneScript: 'Hi {firstName}, it is {staffFirstName}.',
        timingTip: 'Right after the cleaning',
        smsBody: null,
        isActive: true,
      },
    });
    const second = await createTemplate(database.db, ws, input({ name: 'Alpha', isActive: false }));
    const [a, b] = [first, second].map((r) => (r.ok ? r.template.id : 0));
    expect((await listTemplates(database.db, ws)).map((t) => t.name)).toEqual(['Zebra', 'Alpha']);
    expect((await listActiveTemplates(database.db, ws)).map((t) => t.id)).toEqual([a]);

    const updated = await updateTemplate(database.db, ws, b!, { isActive: true, phoneScript: '   ', subject: ' New\r\nsubject ', timingTip: ' ' });
    expect(updated).toMatchObject({ ok: true, template: { id: b, name: 'Alpha', subject: 'New subject', phoneScript: null, timingTip: null, isActive: true } });
    expect((await listActiveTemplates(database.db, ws)).map((t) => t.id)).toEqual([a, b]);
    expect(await updateTemplate(database.db, ws, b!, {})).toMatchObject({ ok: true, template: { id: b } });

    expect(await deleteTemplate(database.db, ws, a!)).toEqual({ ok: true });
    expect(await deleteTemplate(database.db, ws, a!)).toEqual({ ok: false, problem: 'not_found' });
    expect((await listTemplates(database.db, ws)).map((t) => t.id)).toEqual([b]);
  });

  it('sanitises the HTML before storing it, on create and on update', async () => {
    const ws = await workspaceId();
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>';
    const created = await createTemplate(database.db, ws, input({ htmlContent: dirty }));
    expect(created).toMatchObject({ ok: true, template: { htmlContent: '<p>Hi<a>link</a></p>' } });
    const id = created.ok ? created.template.id : 0;
    const updated = await updateTemplate(database.db, ws, id, { htmlContent: '<b>Bold</b><iframe src="https://evil.example"></iframe>' });
    expect(updated).toMatchObject({ ok: true, template: { htmlContent: '<b>Bold</b>' } });
    expect((await getTemplateInWorkspace(database.db, ws, id))?.htmlContent).toBe('<b>Bold</b>');
  });

  it('refuses a body that is nothing but unsafe markup', async () => {
    const ws = await workspaceId();
    expect(await createTemplate(database.db, ws, input({ htmlContent: '<script>alert(1)</script>' }))).toEqual({ ok: false, problem: 'empty_html' });
    const created = await createTemplate(database.db, ws, input());
    const id = created.ok ? created.template.id : 0;
    expect(await updateTemplate(database.db, ws, id, { htmlContent: '<script>x</script>' })).toEqual({ ok: false, problem: 'empty_html' });
  });

  it('keeps at most 3 templates per workspace, even when creates race', async () => {
    const ws = await workspaceId();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => createTemplate(database.db, ws, input({ name: `T${i}` }))));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, problem: 'limit_reached' },
      { ok: false, problem: 'limit_reached' },
    ]);
    expect(await listTemplates(database.db, ws)).toHaveLength(3);

    // Another workspace has its own three.
    const other = await workspaceId();
    expect((await createTemplate(database.db, other, input())).ok).toBe(true);

    // Deleting one makes room again.
    const [first] = await listTemplates(database.db, ws);
    await deleteTemplate(database.db, ws, first!.id);
    expect((await createTemplate(database.db, ws, input({ name: 'Again' }))).ok).toBe(true);
    expect(await createTemplate(database.db, ws, input({ name: 'One too many' }))).toEqual({ ok: false, problem: 'limit_reached' });
  });

  it('finds, changes and deletes a template only in its own workspace', async () => {
    const owner = await workspaceId();
    const intruder = await workspaceId();
    const created = await createTemplate(database.db, owner, input());
    const id = created.ok ? created.template.id : 0;
    expect(await getTemplateInWorkspace(database.db, owner, id)).toMatchObject({ id });
    expect(await getTemplateInWorkspace(database.db, intruder, id)).toBeNull();
    expect(await updateTemplate(database.db, intruder, id, { name: 'Stolen' })).toEqual({ ok: false, problem: 'not_found' });
    expect(await updateTemplate(database.db, intruder, id, {})).toEqual({ ok: false, problem: 'not_found' });
    expect(await deleteTemplate(database.db, intruder, id)).toEqual({ ok: false, problem: 'not_found' });
    expect(await getTemplateInWorkspace(database.db, owner, id)).toMatchObject({ name: 'Thank you' });
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 31, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await getTemplateInWorkspace(database.db, owner, bad)).toBeNull();
    }
  });
});
