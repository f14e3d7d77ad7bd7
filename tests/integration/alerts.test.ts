import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { AlertReceiver } from '../fakes/alert-receiver.ts';
import { setPlan } from '../helpers/accounts.ts';
import { startApp, TEST_APP_SECRET, type TestApp } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { officeWithTeamAndTemplate } from '../helpers/office.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { until } from '../helpers/until.ts';

// Issue 15 point 2: Slack and Teams alerts through the job queue, against receivers that answer as
// Slack's incoming webhooks and Teams' workflow webhooks do.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const request = (teamId: number, templateId: number, firstName = 'Sam', lastName = 'Lee') => ({
  staffFirstName: 'Tom',
  staffEmail: 'tom@harbourside.example',
  teamId,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.test`,
  firstName,
  lastName,
  templateId,
});

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ DEFAULT_PLAN: 'team', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
});
afterAll(async () => {
  await app?.close();
});

/**
 * A Slack and a Teams receiver for the calling test alone, stopped when it ends. The describe blocks
 * are concurrent (most of a test's time is spent waiting for the queue), so a test counts only the
 * posts its own workspace sent.
 */
async function receivers({ onTestFinished }: Pick<TestContext, 'onTestFinished'>) {
  const [slack, teams] = await Promise.all([new AlertReceiver('slack').start(), new AlertReceiver('teams').start()]);
  onTestFinished(async () => {
    await Promise.all([slack.stop(), teams.stop()]);
  });
  return { slack, teams };
}

/** A workspace whose matched reviews alert both receivers. */
async function alertingOffice({ slack, teams }: { slack: AlertReceiver; teams: AlertReceiver }) {
  const office = await officeWithTeamAndTemplate(app);
  const saved = await office.client.request('PUT', '/api/admin/alerts', { slackWebhookUrl: slack.url, teamsWebhookUrl: teams.url });
  expect(saved.status).toBe(200);
  return office;
}

describe.concurrent('alert settings', () => {
  it('keep the URLs write-only, and refuse a URL that is no webhook with a clear message', async (context) => {
    const { client } = await alertingOffice(await receivers(context));
    const read = await client.get('/api/admin/alerts');
    expect(read.json).toEqual({
      slack: { configured: true, lastError: null },
      teams: { configured: true, lastError: null },
      events: ['review.matched', 'goal.reached', 'target.reached'],
    });
    expect(JSON.stringify(read.json)).not.toContain('127.0.0.1');

    const bad = await client.request('PUT', '/api/admin/alerts', { slackWebhookUrl: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'Enter a Slack incoming webhook URL: it starts with https://hooks.slack.com/services/', field: 'slackWebhookUrl' });
    const wrongEvent = await client.request('PUT', '/api/admin/alerts', { events: ['review.deleted'] });
    expect(wrongEvent.status).toBe(400);

    expect((await client.request('PUT', '/api/admin/alerts', { teamsWebhookUrl: null, events: ['goal.reached'] })).json).toMatchObject({
      teams: { configured: false },
      events: ['goal.reached'],
    });
    const staffOnly = new Client(app.url, { origin: app.url });
    expect((await staffOnly.get('/api/admin/alerts')).status).toBe(401);
  });
});

// The retry test waits for two retries (a second apart under the suite's RETRY_DELAY_SECONDS); the others run meanwhile.
describe.concurrent('a matched review', { timeout: 90_000 }, () => {
  it('posts once to Slack and once to Teams in their formats, naming team, staff and stars but no customer', async (context) => {
    const { slack, teams } = await receivers(context);
    const { client, teamId, templateId } = await alertingOffice({ slack, teams });
    const before = { slack: slack.posts.length, teams: teams.posts.length };
    expect((await client.post('/api/review-requests', request(teamId, templateId))).status).toBe(201);
    const review = await client.post('/api/test-review', { reviewerName: 'Sam Lee', rating: 5, reviewText: 'Lovely people' });
    expect(review.json.matchStatus).toBe('auto_matched');

    await until(
      () => slack.posts.length + teams.posts.length,
      (n) => n >= before.slack + before.teams + 2,
      10_000,
    );
    await pause(1500);
    const slackPosts = slack.posts.slice(before.slack);
    const teamsPosts = teams.posts.slice(before.teams);
    expect(slackPosts).toHaveLength(1);
    expect(teamsPosts).toHaveLength(1);
    expect(slackPosts[0]!.contentType).toMatch(/^application\/json/);
    const slackBody = slackPosts[0]!.body as { text: string; blocks: unknown[] };
    expect(slackBody.text).toBe('★★★★★ A new 5-star review for Front Desk, thanks to Tom! (Harbourside Dental)');
    expect(slackBody.blocks).toEqual([{ type: 'section', text: { type: 'plain_text', text: slackBody.text, emoji: true } }]);
    expect(teamsPosts[0]!.body).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: { type: 'AdaptiveCard', version: '1.4', body: [{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: slackBody.text }] }] },
        },
      ],
    });
    for (const post of [...slackPosts, ...teamsPosts]) expect(JSON.stringify(post.body)).not.toMatch(/Sam|Lee|example\.test|Lovely/);
  });

  // Issue 27, item 13: a first name `<!channel>`, accepted through the public API, pinged a whole Slack channel.
  it('carries hostile staff and team names to Slack and Teams as text, never as a mention, link or formatting', async (context) => {
    const { slack, teams } = await receivers(context);
    const { client, templateId } = await alertingOffice({ slack, teams });
    const crew = (await client.post('/api/teams', { name: '[Crew](https://evil.example)' })).json as { id: number };
    const before = { slack: slack.posts.length, teams: teams.posts.length };
    const logged = await client.post('/api/review-requests', { ...request(crew.id, templateId, 'Ida', 'Vex'), staffFirstName: '<!channel>' });
    expect(logged.status).toBe(201);
    expect((await client.post('/api/test-review', { reviewerName: 'Ida Vex', rating: 5, reviewText: 'Great' })).json.matchStatus).toBe('auto_matched');
    await until(
      () => slack.posts.length + teams.posts.length,
      (n) => n >= before.slack + before.teams + 2,
      40_000,
    );
    const slackPost = JSON.stringify(slack.posts.at(-1)!.body);
    expect(slackPost).not.toContain('<');
    expect(slackPost).toContain('&lt;!channel&gt;');
    expect(slack.texts().at(-1)).toBe('★★★★★ A new 5-star review for [Crew](https://evil.example), thanks to <!channel>! (Harbourside Dental)');
    expect(JSON.stringify(teams.posts.at(-1)!.body)).not.toContain('"type":"TextBlock"');
    expect(teams.texts().at(-1)).toBe(slack.texts().at(-1));
  });

  it('reaches a receiver that answers 500 twice on the third try, showing the error meanwhile', async (context) => {
    const { slack, teams } = await receivers(context);
    const { client, teamId, templateId } = await alertingOffice({ slack, teams });
    expect((await client.request('PUT', '/api/admin/alerts', { teamsWebhookUrl: null })).status).toBe(200);
    const before = slack.posts.length;
    slack.failNext = 2;
    expect((await client.post('/api/review-requests', request(teamId, templateId, 'Rae', 'Fox'))).status).toBe(201);
    expect((await client.post('/api/test-review', { reviewerName: 'Rae Fox', rating: 4, reviewText: 'Good' })).json.matchStatus).toBe('auto_matched');

    const failing = await until(
      () => client.get('/api/admin/alerts'),
      (r) => r.json.slack.lastError !== null,
      10_000,
    );
    expect(failing.json.slack.lastError).toBe('Slack answered 500: internal_error');
    await until(
      () => slack.posts.length - before,
      (n) => n >= 3,
      20_000,
    );
    const attempts = slack.posts.slice(before);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((p) => JSON.stringify(p.body))).size).toBe(1);
    // A retry waits its delay (the suite's: a second) instead of following at once.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(
      (
        await until(
          () => client.get('/api/admin/alerts'),
          (r) => r.json.slack.lastError === null,
          5000,
        )
      ).json.slack.lastError,
    ).toBeNull();
  });

  it('alerts only for the events chosen, and the test message reaches every channel at once', async (context) => {
    const { slack, teams } = await receivers(context);
    const { client, teamId, templateId } = await alertingOffice({ slack, teams });
    expect((await client.request('PUT', '/api/admin/alerts', { events: ['goal.reached'] })).status).toBe(200);
    const before = slack.posts.length;
    expect((await client.post('/api/review-requests', request(teamId, templateId, 'Ann', 'Kim'))).status).toBe(201);
    expect((await client.post('/api/test-review', { reviewerName: 'Ann Kim', rating: 5, reviewText: 'Great' })).json.matchStatus).toBe('auto_matched');
    await pause(2500);
    expect(slack.posts.length).toBe(before);

    const test = await client.post('/api/admin/alerts/test');
    expect(test.status).toBe(200);
    expect(test.json).toMatchObject({ message: 'Test message sent', results: { slack: { sent: true, error: null }, teams: { sent: true, error: null } } });
    expect(slack.texts().at(-1)).toContain('Review Challenge alerts work');
    expect(teams.texts().at(-1)).toContain('Review Challenge alerts work');
  });

  it("announces a team's weekly goal once when a review reaches it", async (context) => {
    const receiving = await receivers(context);
    const { slack } = receiving;
    const { client, teamId, templateId } = await alertingOffice(receiving);
    expect((await client.request('PUT', `/api/teams/${teamId}`, { name: 'Front Desk', weeklyGoal: 2 })).status).toBe(200);
    const before = slack.texts().length;
    for (const [first, last] of [
      ['Joe', 'Bloggs'],
      ['Kim', 'Park'],
      ['Lou', 'Reed'],
    ] as const) {
      expect((await client.post('/api/review-requests', request(teamId, templateId, first, last))).status).toBe(201);
      expect((await client.post('/api/test-review', { reviewerName: `${first} ${last}`, rating: 5, reviewText: 'Great' })).json.matchStatus).toBe(
        'auto_matched',
      );
    }
    const goal = "🎯 Front Desk reached this week's goal of 2 reviews! (Harbourside Dental)";
    await until(
      () => slack.texts().slice(before),
      (texts) => texts.includes(goal) && texts.length >= 4,
      40_000,
    );
    await pause(1500);
    expect(
      slack
        .texts()
        .slice(before)
        .filter((t) => t === goal),
    ).toHaveLength(1);
  });

  // Issue 27, item 4: the milestones consumer read only the workspace's own wallboard.
  it("announces a named wallboard's weekly goal and target once each, naming the wallboard", async (context) => {
    const receiving = await receivers(context);
    const { slack } = receiving;
    const { client, templateId, workspaceId } = await alertingOffice(receiving);
    await setPlan(app, workspaceId, 'agency');
    expect((await client.request('PUT', '/api/admin/alerts', { events: ['goal.reached', 'target.reached'] })).status).toBe(200);
    const board = (await client.post('/api/admin/wallboards', { name: 'Client One', targetReviews: 2, weeklyGoal: 2 })).json as { id: number };
    const crew = (await client.post('/api/teams', { name: 'Client crew', wallboardId: board.id })).json as { id: number };
    const before = slack.texts().length;
    for (const [first, last] of [
      ['Ada', 'Quill'],
      ['Bo', 'Vance'],
      ['Cy', 'Wren'],
    ] as const) {
      expect((await client.post('/api/review-requests', request(crew.id, templateId, first, last))).status).toBe(201);
      expect((await client.post('/api/test-review', { reviewerName: `${first} ${last}`, rating: 5, reviewText: 'Great' })).json.matchStatus).toBe(
        'auto_matched',
      );
    }
    const goal = "🎯 This week's goal of 2 reviews is reached! (Client One)";
    const target = '🏆 Target reached: 2 reviews in the challenge! (Client One)';
    // The alert-delivery queue takes one post at a time, and the concurrent tests' receivers are slow on purpose.
    await until(
      () => slack.texts().slice(before),
      (texts) => texts.includes(goal) && texts.includes(target),
      40_000,
    );
    await pause(1500);
    expect(slack.texts().slice(before).sort()).toEqual([target, goal].sort());
  });
});

const database = databaseKind === 'postgres' ? throwawayPostgresDatabase('rc_alerts') : null;

describe.runIf(databaseKind === 'postgres').concurrent('with two instances on one database', () => {
  it('each matched review posts exactly once to Slack and once to Teams', { timeout: withServerStarts(2, 60_000) }, async (context) => {
    const { slack, teams } = await receivers(context);
    const env = { DATABASE_URL: database!.url(), APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'team', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' };
    const servers = [spawnServer({ ...env, PORT: String(await freePort()) }), spawnServer({ ...env, PORT: String(await freePort()) })];
    try {
      await Promise.all(servers.map((s) => s.ready()));
      const [a, b] = servers.map((s) => new Client(s.url, { origin: s.url }));
      const workspace = newWorkspace();
      expect((await a!.post('/api/register', workspace)).status).toBe(201);
      expect((await a!.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      expect((await b!.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
      expect((await b!.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      const team = (await a!.post('/api/teams', { name: 'Front Desk' })).json.id as number;
      const template = (await a!.post('/api/email-templates', { name: 'Thanks', subject: 'Hi {firstName}', htmlContent: '<p>Hi</p>' })).json.id as number;
      expect((await a!.request('PUT', '/api/admin/alerts', { slackWebhookUrl: slack.url, teamsWebhookUrl: teams.url })).status).toBe(200);

      const before = { slack: slack.posts.length, teams: teams.posts.length };
      const names = [
        ['Amy', 'Stone'],
        ['Ben', 'Hart'],
        ['Cal', 'Ward'],
        ['Dee', 'Moss'],
        ['Eve', 'Lane'],
        ['Fay', 'Cole'],
      ] as const;
      await Promise.all(
        names.map(async ([first, last], i) => {
          const via = i % 2 ? b! : a!;
          expect((await via.post('/api/review-requests', request(team, template, first, last))).status).toBe(201);
          expect((await via.post('/api/test-review', { reviewerName: `${first} ${last}`, rating: 5, reviewText: 'Great' })).json.matchStatus).toBe(
            'auto_matched',
          );
        }),
      );
      await until(
        () => Math.min(slack.posts.length - before.slack, teams.posts.length - before.teams),
        (n) => n >= names.length,
        15_000,
      );
      await pause(3000);
      expect(slack.posts.length - before.slack).toBe(names.length);
      expect(teams.posts.length - before.teams).toBe(names.length);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
