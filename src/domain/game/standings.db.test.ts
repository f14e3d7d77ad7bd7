import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { putSetting } from '#domain/workspace/settings.ts';
import { createTeam } from './teams.ts';
import { unitRequest, unitWorkspace } from '#testing/unit-data.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { leaderboard, loadGame, scoresOf } from './standings.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

// The game read from the database at a fixed instant: which week it is, and what that week counts,
// on both sides of a daylight-saving change and of local midnight.

let database: Database;

beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});

async function workspace(startDay: string, timeZone: string): Promise<Workspace> {
  const ws = await unitWorkspace(database.db);
  await putSetting(database.db, ws.id, 'challenge_start_date', startDay);
  await putSetting(database.db, ws.id, 'timezone', timeZone);
  return ws;
}

const logged = (ws: Workspace, teamId: number, staff: string, at: string, sawCustomerOn: string | null) =>
  unitRequest(database.db, ws, {
    staffEmail: `${staff.toLowerCase()}@acme.example`,
    staffFirstName: staff,
    teamId,
    createdAt: new Date(at),
    interactionDate: sawCustomerOn,
  });

describe('the game at a fixed instant', () => {
  it('rolls the week over at local midnight on the challenge weekday, across the Sydney spring-forward change', async () => {
    // Thursday 1 October 2026; clocks in Sydney go forward on Sunday 4 October.
    const ws = await workspace('2026-10-01', 'Australia/Sydney');
    const team = await createTeam(database, ws, { name: 'Desk', color: '#3B82F6' });
    if (!team.ok) throw new Error(team.problem);
    // 23:30 on Wednesday 7 October in Sydney (UTC+11): the last half hour of week 1.
    await logged(ws, team.team.id, 'Ann', '2026-10-07T12:30:00Z', '2026-10-07');
    // 00:30 on Thursday 8 October: week 2.
    await logged(ws, team.team.id, 'Ann', '2026-10-07T13:30:00Z', '2026-10-08');

    const lastMinuteOfWeek1 = await loadGame(database.db, ws, new Date('2026-10-07T12:59:00Z'));
    expect(lastMinuteOfWeek1.week.number).toBe(1);
    expect(lastMinuteOfWeek1.week.startsAt.toISOString()).toBe('2026-09-30T14:00:00.000Z');
    expect(lastMinuteOfWeek1.week.endsAt.toISOString()).toBe('2026-10-07T13:00:00.000Z');
    expect((await leaderboard(database.db, ws, lastMinuteOfWeek1, 'week'))[0]).toMatchObject({ firstName: 'Ann', requestsSent: 1 });

    const firstMinuteOfWeek2 = await loadGame(database.db, ws, new Date('2026-10-07T13:01:00Z'));
    expect(firstMinuteOfWeek2.week.number).toBe(2);
    expect(firstMinuteOfWeek2.week.startsAt.toISOString()).toBe('2026-10-07T13:00:00.000Z');
    // Both requests fall in the challenge; only the second in week 2.
    expect((await leaderboard(database.db, ws, firstMinuteOfWeek2, 'week'))[0]).toMatchObject({ requestsSent: 1 });
    expect((await leaderboard(database.db, ws, firstMinuteOfWeek2, 'challenge'))[0]).toMatchObject({ requestsSent: 2 });
  });

  it('counts a matched review for the person whose request it matched, whatever its stars', async () => {
    const ws = await workspace('2026-11-02', 'UTC');
    const team = await createTeam(database, ws, { name: 'Desk', color: '#3B82F6' });
    if (!team.ok) throw new Error(team.problem);
    const now = new Date('2026-11-05T12:00:00Z');
    const annRequest = await logged(ws, team.team.id, 'Ann', '2026-11-03T09:00:00Z', '2026-11-03');
    await logged(ws, team.team.id, 'Tom', '2026-11-03T09:00:00Z', '2026-11-03');
    await database.db.insert(reviews).values({
      workspaceId: ws.id,
      kind: 'google',
      source: 'test',
      externalId: `r-${Math.random()}`,
      reviewerName: 'Sarah Kim',
      rating: 1,
      createTime: new Date('2026-11-04T10:00:00Z'),
      teamId: team.team.id,
      requestId: annRequest,
      matchStatus: 'manual',
    });
    const board = await leaderboard(database.db, ws, await loadGame(database.db, ws, now), 'week');
    expect(board.map((p) => [p.firstName, p.reviewsMatched, p.conversion])).toEqual([
      ['Ann', 1, 1],
      ['Tom', 0, 0],
    ]);
    expect(board[0]!.score).toBeGreaterThan(board[1]!.score);
  });

  it('scores a request logged up to 3 days after the customer was seen, and one from before the field existed', async () => {
    const ws = await workspace('2026-11-02', 'Australia/Sydney');
    const team = await createTeam(database, ws, { name: 'Desk', color: '#3B82F6' });
    if (!team.ok) throw new Error(team.problem);
    // Monday 9 November, 09:00 in Sydney.
    await logged(ws, team.team.id, 'Ann', '2026-11-08T22:00:00Z', '2026-11-06'); // 3 days after: counts
    await logged(ws, team.team.id, 'Ann', '2026-11-08T22:00:00Z', '2026-11-05'); // 4 days after: does not
    await logged(ws, team.team.id, 'Ann', '2026-11-08T22:00:00Z', null); // older than the field: counts
    const game = await loadGame(database.db, ws, new Date('2026-11-10T00:00:00Z'));
    expect(game.week.number).toBe(2);
    expect(game.rows.requests.map((r) => r.lagDays).sort()).toEqual([3, 4, null].sort());
    const scores = scoresOf(game, new Date('2026-11-01T00:00:00Z'), (row) => row.teamId === team.team.id);
    expect(scores.week.parts).toMatchObject({ requestsLogged: 3, requestsCounted: 2 });
  });
});
