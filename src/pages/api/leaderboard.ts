import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { LEADERBOARD_PERIODS, leaderboard, loadGame, type LeaderboardPeriod } from '#domain/game/standings.ts';
import { badRequest, json } from '#web/http.ts';

/** The people leaderboard of this challenge week (the default) or of the whole challenge. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const period = (url.searchParams.get('period') ?? 'week') as LeaderboardPeriod;
  if (!LEADERBOARD_PERIODS.includes(period)) return badRequest('Period must be week or challenge', 'period');
  const { db } = locals.runtime.database;
  const game = await loadGame(db, access.workspace);
  return json({ period, people: await leaderboard(db, access.workspace, game, period) });
};
