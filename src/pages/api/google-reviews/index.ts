import type { APIRoute } from 'astro';
import { requireStaff } from '../../../lib/auth/guards.ts';
import { badRequest, json, notFound } from '../../../lib/http.ts';
import { listTeamReviews } from '../../../lib/reviews/queries.ts';
import { getTeamInWorkspace } from '../../../lib/teams.ts';
import { teamFilter } from '../../../lib/validation/review-payloads.ts';

/** The team-visible (matched) reviews, newest first; `?team={id}` keeps one team's. */
export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { db } = locals.runtime.database;
  const teamId = teamFilter(url.searchParams.get('team'));
  if (teamId === undefined) return badRequest('team must be a team id', 'team');
  if (teamId !== null && !(await getTeamInWorkspace(db, access.workspace.id, teamId))) return notFound('Team not found');
  return json(await listTeamReviews(db, access.workspace, teamId ?? undefined));
};
