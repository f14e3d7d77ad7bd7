import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, reviewRequests } from '#platform/db/schema.ts';
import { addDays, localDateOf } from '#shared/time.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';

// Issue 13 through the API: the week, fair team scores, the people leaderboard and what the wallboard
// panels read, moved by logged requests and matched reviews.

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app?.close();
});

type DashboardTeam = {
  id: number;
  name: string;
  score: number;
  scoreParts: Record<string, number>;
  rank: number | null;
  weekReviews: number;
  weeklyGoal: number | null;
};
type Person = { staffId: number; firstName: string; requestsSent: number; linksOpened: number; reviewsMatched: number; conversion: number; score: number };
type Dashboard = {
  teams: DashboardTeam[];
  week: { number: number; startsAt: string; endsAt: string; goal: number | null; reviews: number };
  people: Person[];
  latestReviews: { reviewerName: string | null; rating: number | null; teamName: string }[];
  display: { panels: string[]; rotateSeconds: number; showReviewerNames: boolean; showUnknownTeam: boolean };
};

async function office() {
  const signedIn = await signUpAdmin(app, { businessName: 'Harbourside Dental' });
  const desk = (await signedIn.client.post('/api/teams', { name: 'Front Desk', weeklyGoal: 4 })).json as { id: number; weeklyGoal: number };
  const hygiene = (await signedIn.client.post('/api/teams', { name: 'Hygiene' })).json as { id: number; weeklyGoal: number | null };
  const [template] = await app.database.db
    .insert(emailTemplates)
    .values({ workspaceId: signedIn.workspaceId, name: 'Thanks', subject: 'Thanks {firstName}', htmlContent: '<p>Hi {firstName}</p>' })
    .returning({ id: emailTemplates.id });
  const log = (teamId: number, staff: [string, string], customer: [string, string], extra: Record<string, unknown> = {}) =>
    signedIn.client.post('/api/review-requests', {
      staffFirstName: staff[0],
      staffEmail: staff[1],
      teamId,
      email: `${customer[0].toLowerCase()}.${Math.random().toString(36).slice(2)}@example.test`,
      firstName: customer[0],
      lastName: customer[1],
      templateId: template!.id,
      ...extra,
    });
  const dashboard = async () => (await signedIn.client.get('/api/dashboard')).json as Dashboard;
  const board = async (period: 'week' | 'challenge') =>
    (await signedIn.client.get(`/api/leaderboard?period=${period}`)).json as { period: string; people: Person[] };
  return { ...signedIn, desk, hygiene, log, dashboard, board };
}

describe('the game through the API', () => {
  it('moves the week, the team score and the person row when a review is matched; stars never count', async () => {
    const o = await office();
    expect(o.desk.weeklyGoal).toBe(4);
    expect(o.hygiene).not.toHaveProperty('weeklyGoal');
    expect((await o.log(o.desk.id, ['Tom', 'tom@harbourside.example'], ['Sarah', 'Kim'])).status).toBe(201);
    expect((await o.log(o.hygiene.id, ['Ann', 'ann@harbourside.example'], ['Robert', 'Lee'])).status).toBe(201);

    const before = await o.dashboard();
    expect(before.week.number).toBe(1);
    expect(Date.parse(before.week.endsAt) - Date.parse(before.week.startsAt)).toBeGreaterThanOrEqual(167 * 3600_000);
    expect(before.week.reviews).toBe(0);
    const deskBefore = before.teams.find((t) => t.name === 'Front Desk')!;
    const hygieneBefore = before.teams.find((t) => t.name === 'Hygiene')!;
    expect(deskBefore.score).toBe(hygieneBefore.score);
    expect(deskBefore.weeklyGoal).toBe(4);
    expect(before.teams.find((t) => t.name === 'Unknown')).toMatchObject({ score: 0, rank: null });

    // A 2-star review from the desk's customer: matched, counted, and worth as much as a 5-star one.
    const added = await o.client.post('/api/test-review', { reviewerName: 'Sarah Kim', rating: 2, reviewText: 'Fine', source: 'google' });
    expect(added.json).toMatchObject({ matchStatus: 'auto_matched' });
    const after = await o.dashboard();
    const desk = after.teams.find((t) => t.name === 'Front Desk')!;
    expect(after.week.reviews).toBe(1);
    expect(desk.weekReviews).toBe(1);
    expect(desk.score).toBeGreaterThan(deskBefore.score);
    expect(desk.scoreParts).toMatchObject({ reviewsMatched: 1, requestsCounted: 1 });
    expect(desk.rank).toBe(1);
    expect(after.teams.find((t) => t.name === 'Hygiene')!.rank).toBe(2);
    // SPEC.md's alphabetical card order is kept.
    expect(after.teams.map((t) => t.name)).toEqual(['Front Desk', 'Hygiene', 'Unknown']);
    expect(after.people.map((p) => p.firstName)).toEqual(['Tom', 'Ann']);
    expect(after.latestReviews[0]).toMatchObject({ reviewerName: null, rating: null, teamName: 'Front Desk' });

    const week = await o.board('week');
    expect(week.period).toBe('week');
    expect(week.people[0]).toMatchObject({ firstName: 'Tom', requestsSent: 1, linksOpened: 0, reviewsMatched: 1, conversion: 1 });
    expect(week.people[1]).toMatchObject({ firstName: 'Ann', requestsSent: 1, reviewsMatched: 0, conversion: 0 });
    expect(week.people[0]!.score).toBeGreaterThan(week.people[1]!.score);
    expect((await o.board('challenge')).people.map((p) => p.firstName)).toEqual(['Tom', 'Ann']);

    // The same review at 5 stars would have scored the same: a second team gets one, the scores tie.
    await o.client.post('/api/test-review', { reviewerName: 'Robert Lee', rating: 5, reviewText: 'Great', source: 'google' });
    const tied = await o.dashboard();
    expect(tied.teams.find((t) => t.name === 'Hygiene')!.score).toBe(tied.teams.find((t) => t.name === 'Front Desk')!.score);
    expect(tied.teams.filter((t) => t.rank === 1).map((t) => t.name)).toEqual(['Front Desk', 'Hygiene']);
    expect(tied.latestReviews[0]).toMatchObject({ reviewerName: 'Robert L.', rating: 5 });
  });

  it('does not score a request logged long after the customer was seen, and refuses a future date', async () => {
    const o = await office();
    const today = localDateOf(new Date(), 'Australia/Sydney');
    const late = await o.log(o.desk.id, ['Tom', 'tom@x.example'], ['Sarah', 'Kim'], { interactionDate: addDays(today, -10) });
    expect(late.status).toBe(201);
    const [row] = await app.database.db
      .select({ interactionDate: reviewRequests.interactionDate })
      .from(reviewRequests)
      .where(eq(reviewRequests.id, (late.json as { request: { id: number } }).request.id));
    expect(row!.interactionDate).toBe(addDays(today, -10));
    const desk = (await o.dashboard()).teams.find((t) => t.name === 'Front Desk')!;
    expect(desk.scoreParts).toMatchObject({ requestsLogged: 1, requestsCounted: 0 });
    expect(desk.score).toBe(0);

    const future = await o.log(o.desk.id, ['Tom', 'tom@x.example'], ['Sam', 'Park'], { interactionDate: addDays(today, 2) });
    expect(future.status).toBe(400);
    expect(future.json).toMatchObject({ message: 'Saw the customer on cannot be in the future' });
    const garbled = await o.log(o.desk.id, ['Tom', 'tom@x.example'], ['Sam', 'Park'], { interactionDate: '2026-02-30' });
    expect(garbled.status).toBe(400);
    expect(garbled.json).toMatchObject({ message: 'Saw the customer on must be a date' });
  });

  it('reads the weekly goal and the display settings, and refuses a bad period or goal', async () => {
    const o = await office();
    expect((await o.dashboard()).week.goal).toBeNull();
    expect((await o.client.request('PUT', '/api/settings/weekly_goal', { value: '12' })).status).toBe(200);
    expect((await o.client.request('PUT', '/api/settings/show_reviewer_names', { value: 'false' })).status).toBe(200);
    expect((await o.client.request('PUT', '/api/settings/wallboard_panels', { value: 'people,week' })).status).toBe(200);
    expect((await o.client.request('PUT', '/api/settings/wallboard_rotate_seconds', { value: '7' })).status).toBe(200);
    const dashboard = await o.dashboard();
    expect(dashboard.week.goal).toBe(12);
    expect(dashboard.display).toEqual({ panels: ['people', 'week'], rotateSeconds: 7, showReviewerNames: false, showUnknownTeam: true });

    await o.log(o.desk.id, ['Tom', 'tom@y.example'], ['Priya', 'Nair']);
    await o.client.post('/api/test-review', { reviewerName: 'Priya Nair', rating: 5, reviewText: 'Lovely', source: 'google' });
    expect((await o.dashboard()).latestReviews[0]).toMatchObject({ reviewerName: null, rating: 5 });

    expect((await o.client.get('/api/leaderboard?period=month')).status).toBe(400);
    const badGoal = await o.client.request('PUT', `/api/teams/${o.desk.id}`, { weeklyGoal: 0 });
    expect(badGoal.status).toBe(400);
    expect(badGoal.json).toMatchObject({ message: 'Weekly goal must be a whole number from 1 to 10000' });
    expect((await o.client.request('PUT', `/api/teams/${o.desk.id}`, { weeklyGoal: null })).json).not.toHaveProperty('weeklyGoal');
    expect((await o.client.request('PUT', '/api/settings/weekly_goal', { value: 'lots' })).status).toBe(400);
  });
});
