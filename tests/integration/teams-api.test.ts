import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, settings } from '#platform/db/schema.ts';
import { LIVE_CHANNEL } from '#platform/live/publish.ts';
import { eq, and } from 'drizzle-orm';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUp, signUpAdmin } from '../helpers/accounts.ts';
import { Client } from '../helpers/client.ts';
import { noticeWithoutId } from '../helpers/notices.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

// A client like a browser: it sends its Origin with every write (decision 008).
const browserClient = () => new Client(app.url, { origin: app.url });

const put = (client: Client, path: string, body: unknown) => client.request('PUT', path, body);
const del = (client: Client, path: string) => client.request('DELETE', path);

/** Collects the live notices published while `action` runs. */
async function notices(action: () => Promise<unknown>): Promise<{ workspaceId: number; event: string }[]> {
  const seen: { workspaceId: number; event: string }[] = [];
  const stop = await app.database.listen(LIVE_CHANNEL, (payload) => seen.push(noticeWithoutId(payload)));
  try {
    await action();
    await new Promise((r) => setTimeout(r, 150));
  } finally {
    await stop();
  }
  return seen;
}

describe('who may call the team endpoints', () => {
  it('answers 401 without a session', async () => {
    const anonymous = browserClient();
    for (const [method, path] of [
      ['GET', '/api/teams'],
      ['POST', '/api/teams'],
      ['PUT', '/api/teams/1'],
      ['DELETE', '/api/teams/1'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : { name: 'X' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lets staff list teams but answers 403 "Admin access required" to changes without the admin claim', async () => {
    const { client } = await signUp(app);
    expect((await client.get('/api/teams')).status).toBe(200);
    const [unknown] = (await client.get('/api/teams')).json;
    for (const res of [
      await client.post('/api/teams', { name: 'Tax Team' }),
      await put(client, `/api/teams/${unknown.id}`, { color: '#EF4444' }),
      await del(client, `/api/teams/${unknown.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Admin access required' });
    }
  });
});

describe('team CRUD', () => {
  it('starts with the Unknown team and lists teams sorted by name with their counts', async () => {
    const { client } = await signUpAdmin(app);
    expect((await client.get('/api/teams')).json).toEqual([{ id: expect.any(Number), name: 'Unknown', color: '#6B7280', reviews: 0 }]);
    for (const name of ['ops', 'Audit', 'Tax Team', 'advisory']) expect((await client.post('/api/teams', { name })).status).toBe(201);
    const names = (await client.get('/api/teams')).json.map((t: { name: string }) => t.name);
    expect(names).toEqual(['advisory', 'Audit', 'ops', 'Tax Team', 'Unknown']);
  });

  it('creates a team with a trimmed name and the default colour, and announces it', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    let res: Awaited<ReturnType<Client['post']>> | undefined;
    const seen = await notices(async () => {
      res = await client.post('/api/teams', { name: '  Tax Team  ' });
    });
    expect(res!.status).toBe(201);
    expect(res!.json).toEqual({ id: expect.any(Number), name: 'Tax Team', color: '#3B82F6', reviews: 0 });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });
  });

  it('accepts the six colours (in any case) and refuses others', async () => {
    const { client } = await signUpAdmin(app);
    const colours = ['#F59E0B', '#3B82F6', '#8B5CF6', '#10B981', '#EF4444', '#6B7280'];
    // Five teams (the Team plan's limit), then the sixth colour on the first of them.
    const created = [];
    for (const [i, color] of colours.slice(0, 5).entries()) {
      const res = await client.post('/api/teams', { name: `Team ${i}`, color: color.toLowerCase() });
      expect(res.status).toBe(201);
      expect(res.json.color).toBe(color);
      created.push(res.json);
    }
    const recoloured = await put(client, `/api/teams/${created[0].id}`, { color: colours[5]!.toLowerCase() });
    expect(recoloured.json.color).toBe(colours[5]);
    for (const color of ['#000000', 'red', '', 42]) {
      const res = await client.post('/api/teams', { name: `Bad ${String(color)}`, color });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Please choose one of the six team colours', field: 'color' });
    }
  });

  it('needs a non-empty name of at most 50 characters', async () => {
    const { client } = await signUpAdmin(app);
    for (const name of ['', '   ', undefined, 12]) {
      const res = await client.post('/api/teams', { name });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Team name is required', field: 'name' });
    }
    const long = await client.post('/api/teams', { name: 'x'.repeat(51) });
    expect(long.json).toEqual({ message: 'Team name must be at most 50 characters', field: 'name' });
    expect((await client.post('/api/teams', { name: 'x'.repeat(50) })).status).toBe(201);
  });

  it('answers 409 for a name already taken, whatever its case', async () => {
    const { client } = await signUpAdmin(app);
    await client.post('/api/teams', { name: 'Audit' });
    const res = await client.post('/api/teams', { name: ' aUDIT ' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'A team with this name already exists', field: 'name' });
    const other = (await client.post('/api/teams', { name: 'Ops' })).json;
    const rename = await put(client, `/api/teams/${other.id}`, { name: 'AUDIT' });
    expect(rename.status).toBe(409);
    expect(rename.json).toEqual({ message: 'A team with this name already exists', field: 'name' });
  });

  it('lets two workspaces use the same team name', async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    expect((await a.client.post('/api/teams', { name: 'Advisory' })).status).toBe(201);
    expect((await b.client.post('/api/teams', { name: 'Advisory' })).status).toBe(201);
  });

  it('renames and recolours a team, and announces it', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const team = (await client.post('/api/teams', { name: 'Ops', color: '#F59E0B' })).json;
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const seen = await notices(async () => {
      res = await put(client, `/api/teams/${team.id}`, { name: ' Operations ', color: '#10B981' });
    });
    expect(res!.status).toBe(200);
    expect(res!.json).toEqual({ id: team.id, name: 'Operations', color: '#10B981', reviews: 0 });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });
    expect((await put(client, `/api/teams/${team.id}`, { color: '#EF4444' })).json.name).toBe('Operations');
    expect((await put(client, `/api/teams/${team.id}`, { name: 'Ops' })).json.color).toBe('#EF4444');
    expect((await put(client, `/api/teams/${team.id}`, { name: 'ops' })).json.name).toBe('ops');
    const empty = await put(client, `/api/teams/${team.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Send a name, a color or a weekly goal to change');
  });

  it('deletes a team, and announces it', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const team = (await client.post('/api/teams', { name: 'Audit' })).json;
    let res: Awaited<ReturnType<typeof del>> | undefined;
    const seen = await notices(async () => {
      res = await del(client, `/api/teams/${team.id}`);
    });
    expect(res!.status).toBe(200);
    expect(res!.json).toEqual({ message: 'Team deleted' });
    expect(seen).toContainEqual({ workspaceId, event: 'data_update' });
    expect((await client.get('/api/teams')).json.map((t: { id: number }) => t.id)).not.toContain(team.id);
    expect((await del(client, `/api/teams/${team.id}`)).status).toBe(404);
  });
});

describe('the Unknown team', () => {
  it('cannot be renamed or deleted, but may change colour', async () => {
    const { client } = await signUpAdmin(app);
    const [unknown] = (await client.get('/api/teams')).json;
    const rename = await put(client, `/api/teams/${unknown.id}`, { name: 'Unmatched' });
    expect(rename.status).toBe(400);
    expect(rename.json.message).toMatch(/Unknown.*cannot be renamed or deleted/);
    const remove = await del(client, `/api/teams/${unknown.id}`);
    expect(remove.status).toBe(400);
    expect(remove.json.message).toMatch(/Unknown.*cannot be renamed or deleted/);
    const recolour = await put(client, `/api/teams/${unknown.id}`, { name: 'Unknown', color: '#EF4444' });
    expect(recolour.status).toBe(200);
    expect(recolour.json).toMatchObject({ name: 'Unknown', color: '#EF4444' });
  });

  it('keeps its name to itself', async () => {
    const { client } = await signUpAdmin(app);
    for (const name of ['Unknown', 'unknown', ' UNKNOWN ']) {
      const res = await client.post('/api/teams', { name });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: expect.stringContaining('Unknown'), field: 'name' });
    }
    const team = (await client.post('/api/teams', { name: 'Ops' })).json;
    const res = await put(client, `/api/teams/${team.id}`, { name: 'unknown' });
    expect(res.status).toBe(400);
    expect(res.json.field).toBe('name');
  });
});

describe('ids the caller does not own', () => {
  it('answers 404 for a team of another workspace and leaves it alone', async () => {
    const owner = await signUpAdmin(app);
    const intruder = await signUpAdmin(app);
    const team = (await owner.client.post('/api/teams', { name: 'Audit' })).json;
    const [ownerUnknown] = (await owner.client.get('/api/teams')).json;
    for (const id of [team.id, ownerUnknown.id]) {
      const rename = await put(intruder.client, `/api/teams/${id}`, { name: 'Mine now' });
      expect(rename.status).toBe(404);
      expect(rename.json).toEqual({ message: 'Team not found' });
      expect((await del(intruder.client, `/api/teams/${id}`)).status).toBe(404);
    }
    const names = (await owner.client.get('/api/teams')).json.map((t: { name: string }) => t.name);
    expect(names).toEqual(['Audit', 'Unknown']);
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3', '%20'])('answers 404 for the id %j', async (id) => {
    const { client } = await signUpAdmin(app);
    expect((await put(client, `/api/teams/${id}`, { name: 'X' })).status).toBe(404);
    expect((await del(client, `/api/teams/${id}`)).status).toBe(404);
  });
});

describe('review counts', () => {
  it('counts matched reviews for their team and all others for Unknown, from the challenge start', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    const audit = (await client.post('/api/teams', { name: 'Audit' })).json;
    const ops = (await client.post('/api/teams', { name: 'Ops' })).json;
    const now = Date.now();
    const rows: [number | null, string, number][] = [
      [audit.id, 'auto_matched', 0],
      [audit.id, 'self_confirmed', 0],
      [audit.id, 'manual', 0],
      [audit.id, 'needs_review', 0], // Unknown
      [ops.id, 'manual', 0],
      [null, 'unmatched', 0], // Unknown
      [null, 'manual', 0], // a matched review whose team was deleted: Unknown
      [ops.id, 'manual', -400 * 86_400_000], // before the challenge: nowhere
    ];
    await app.database.db.insert(reviews).values(
      rows.map(([teamId, matchStatus, offset], i) => ({
        workspaceId,
        kind: 'google' as const,
        source: 'google' as const,
        externalId: `r-${i}`,
        rating: 5,
        createTime: new Date(now + offset),
        teamId,
        matchStatus: matchStatus as 'manual',
      })),
    );
    const counts = Object.fromEntries((await client.get('/api/teams')).json.map((t: { name: string; reviews: number }) => [t.name, t.reviews]));
    expect(counts).toEqual({ Audit: 3, Ops: 1, Unknown: 3 });

    // Moving the start date back a long way counts the old review too.
    await app.database.db.insert(settings).values({ workspaceId, key: 'challenge_start_date', value: '2000-01-01' });
    const later = Object.fromEntries((await client.get('/api/teams')).json.map((t: { name: string; reviews: number }) => [t.name, t.reviews]));
    expect(later).toEqual({ Audit: 3, Ops: 2, Unknown: 3 });

    // A start date in the future counts nothing.
    await app.database.db
      .update(settings)
      .set({ value: '2999-01-01' })
      .where(and(eq(settings.workspaceId, workspaceId), eq(settings.key, 'challenge_start_date')));
    const none = (await client.get('/api/teams')).json.map((t: { reviews: number }) => t.reviews);
    expect(none).toEqual([0, 0, 0]);
  });

  it("does not count another workspace's reviews", async () => {
    const a = await signUpAdmin(app);
    const b = await signUpAdmin(app);
    await app.database.db.insert(reviews).values({
      workspaceId: b.workspaceId,
      kind: 'google',
      source: 'google',
      externalId: 'elsewhere',
      rating: 4,
      createTime: new Date(),
    });
    expect((await a.client.get('/api/teams')).json[0].reviews).toBe(0);
    expect((await b.client.get('/api/teams')).json[0].reviews).toBe(1);
  });
});

describe('bad input never gets a 500', () => {
  const bodies: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['a JSON array', '[1,2,3]'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ name: ['x'], color: {} })],
    ['a 3 MB body', JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) })],
  ];
  it.each(bodies)('POST and PUT answer 4xx to %s', async (_, raw) => {
    const { client } = await signUpAdmin(app);
    const [unknown] = (await client.get('/api/teams')).json;
    for (const [method, path] of [
      ['POST', '/api/teams'],
      ['PUT', `/api/teams/${unknown.id}`],
    ]) {
      const res = await client.request(method!, path!, undefined, { raw });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.json?.message).toBe('string');
    }
  });
});
