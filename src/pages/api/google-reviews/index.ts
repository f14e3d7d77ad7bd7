import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { badRequest, json, notFound } from '#web/http.ts';
import { listTeamReviews } from '#domain/reviews/queries.ts';
import { getTeamInWorkspace } from '#domain/game/teams.ts';
import { teamFilter } from '#contracts/review-payloads.ts';
import { listNeedingReply } from '#domain/integrations/google/replies.ts';

/**
 * The team-visible (matched) reviews, newest first; `?team={id}` keeps one team's. `?needsReply=true`:
 * the Google reviews waiting for the owner's reply instead (issue 30), three stars or fewer first.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const needsReply = url.searchParams.get('needsReply');
  if (needsReply !== null && needsReply !== 'true' && needsReply !== 'false') return badRequest('needsReply is true or false', 'needsReply');
  if (needsReply === 'true') return json(await listNeedingReply(db, access.workspace.id));
  const teamId = teamFilter(url.searchParams.get('team'));
  if (teamId === undefined) return badRequest('team must be a team id', 'team');
  if (teamId !== null && !(await getTeamInWorkspace(db, access.workspace.id, teamId))) return notFound('Team not found');
  return json(await listTeamReviews(db, access.workspace, teamId ?? undefined));
};
