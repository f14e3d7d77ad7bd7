// The shared dashboard snapshot (src/platform/live/dashboard-snapshots.ts, docs/decisions/045) through the
// running app: a change is in the very next read on the same instance, and readers that ask together
// share one load. Runs on the embedded database and on PostgreSQL.
//
// The app's notices come back by LISTEN NOTICE_DELAY_MS late, as they can from a busy PostgreSQL: on
// this machine they come back before the client's next request, which would hide a snapshot that is
// dropped only when its notice returns. The same instance's next read must not wait for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { loadDashboard } from '#domain/game/dashboard.ts';
import { dashboardSnapshots, type WallboardKey } from '#platform/live/dashboard-snapshots.ts';
import { findWorkspaceById } from '#domain/workspace/workspaces.ts';
import { setPlan, signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

const NOTICE_DELAY_MS = 400;

function noticesComeBackLate(database: Database): Database {
  return {
    ...database,
    listen: (channel, onPayload) => database.listen(channel, (payload) => void setTimeout(() => onPayload(payload), NOTICE_DELAY_MS)),
  };
}

let app: TestApp;
beforeAll(async () => {
  app = await startApp({}, noticesComeBackLate);
});
afterAll(() => app.close());

const teamNames = (dashboard: { teams: { name: string }[] }) => dashboard.teams.map((t) => t.name);

/**
 * Counts the dashboard loads the app starts for one workspace, by wrapping the loader every reader
 * hands the snapshot store (the store is the app's own: both copies of the server code find it by the database).
 */
function countLoads(workspaceId: number): { loads: () => number; stop: () => void } {
  const { store } = dashboardSnapshots<unknown>(app.database);
  const original = store.get;
  let loads = 0;
  store.get = function (this: typeof store, id: number, wallboardId: WallboardKey, load: () => Promise<unknown>) {
    return original.call(this, id, wallboardId, () => {
      if (id === workspaceId) loads += 1;
      return load();
    });
  };
  return { loads: () => loads, stop: () => void (store.get = original) };
}

describe('the shared dashboard snapshot', () => {
  it('shows a change made through the API in the very next read, on every reader', async () => {
    const { client, workspace, workspaceId } = await signUpAdmin(app);
    const team = (await client.post('/api/teams', { name: 'Name 0' })).json;
    const link = (await client.post('/api/admin/kiosk-links', { label: 'Lobby' })).json;
    const kiosk = new Client(app.url);
    const kioskPath = `/api/kiosk/${new URL(link.url).pathname.split('/').pop()}/dashboard`;
    const key = (await client.post('/api/admin/api-keys', { name: 'CRM', scope: 'read' })).json.key as string;
    const api = new Client(app.url, { authorization: `Bearer ${key}` });
    const loads = countLoads(workspaceId);
    try {
      for (let i = 1; i <= 4; i++) {
        // Read (the snapshot is kept), change, read again at once: the second read has the change.
        expect(teamNames((await client.get('/api/dashboard')).json)).toContain(`Name ${i - 1}`);
        expect((await client.request('PUT', `/api/teams/${team.id}`, { name: `Name ${i}` })).status).toBe(200);
        expect(teamNames((await client.get('/api/dashboard')).json)).toContain(`Name ${i}`);
        expect(teamNames((await kiosk.get(kioskPath)).json)).toContain(`Name ${i}`);
        expect(teamNames((await api.get('/api/v1/dashboard')).json)).toContain(`Name ${i}`);
        expect((await client.get(`/${workspace.slug}`)).text).toContain(`Name ${i}`);
        // The wallboard pages are kept with the snapshot (docs/decisions/070): a TV's reload has it too.
        expect((await kiosk.get(new URL(link.url).pathname)).text).toContain(`Name ${i}`);
      }
      // A setting that moves the wallboard: the weekly goal.
      expect((await client.get('/api/dashboard')).json.week.goal).toBeNull();
      expect((await client.request('PUT', '/api/settings/weekly_goal', { value: '7' })).status).toBe(200);
      expect((await client.get('/api/dashboard')).json.week.goal).toBe(7);
      // The readers above shared snapshots: fewer loads than reads (a load per change, and a few more).
      expect(loads.loads()).toBeLessThan(4 * 5);
    } finally {
      loads.stop();
    }
  });

  it('shows the set-up strip as it is now on the wallboard page, though the board itself did not change', async () => {
    const { client, workspace } = await signUpAdmin(app);
    await client.post('/api/teams', { name: 'Front Desk' });
    const before = (await client.get(`/${workspace.slug}`)).text;
    expect((await client.get(`/${workspace.slug}`)).text).toBe(before);
    // A template is a set-up step, not on the board: the page's strip has it at the next read.
    const done = (html: string) => (html.match(/&quot;done&quot;:\[0,true\]/g) ?? []).length;
    expect((await client.post('/api/email-templates', { name: 'Thanks', subject: 'Thanks', htmlContent: '<p>Hi</p>' })).status).toBe(201);
    const after = (await client.get(`/${workspace.slug}`)).text;
    expect(done(after)).toBe(done(before) + 1);
  });

  it("shows a change in the very next read of a named wallboard, and keeps it apart from the workspace's own", async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    await setPlan(app, workspaceId, 'agency');
    const board = (await client.post('/api/admin/wallboards', { name: 'Client A', targetReviews: 40 })).json;
    const team = (await client.post('/api/teams', { name: 'Board team', wallboardId: board.id })).json;
    expect(teamNames((await client.get(`/api/dashboard?wallboard=${board.id}`)).json)).toEqual(['Board team']);
    expect(teamNames((await client.get('/api/dashboard')).json)).not.toContain('Board team');
    expect((await client.request('PUT', `/api/teams/${team.id}`, { name: 'Renamed' })).status).toBe(200);
    expect(teamNames((await client.get(`/api/dashboard?wallboard=${board.id}`)).json)).toEqual(['Renamed']);
    expect((await client.request('PUT', `/api/admin/wallboards/${board.id}`, { name: 'Client B' })).status).toBe(200);
    expect((await client.get(`/api/dashboard?wallboard=${board.id}`)).json.companyName).toBe('Client B');
  });

  it('gives readers that ask together one load, and each of them the JSON a fresh load makes', async () => {
    const { client, workspaceId } = await signUpAdmin(app);
    await client.post('/api/teams', { name: 'Alpha' });
    dashboardSnapshots(app.database).store.invalidate(workspaceId);
    const loads = countLoads(workspaceId);
    let answers: { status: number; text: string }[];
    try {
      answers = await Promise.all(Array.from({ length: 20 }, () => client.get('/api/dashboard')));
      expect(loads.loads()).toBe(1);
    } finally {
      loads.stop();
    }
    const workspace = (await findWorkspaceById(app.database.db, workspaceId))!;
    const fresh = JSON.stringify(await loadDashboard(app.database.db, workspace));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(fresh);
    }
  });
});
