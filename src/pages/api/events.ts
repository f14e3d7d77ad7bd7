import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { notFound } from '#web/http.ts';
import { currentNodeResponse } from '#web/live/node-response.ts';
import { lastEventIdOf, liveEventStream, STREAMS_PER_SESSION } from '#web/live/stream.ts';
import { askedWallboard, WALLBOARD_NOT_FOUND } from '#domain/game/wallboards.ts';

/** The live events of the workspace's own wallboard, or with ?wallboard=ID of one of its named wallboards. */
export const GET: APIRoute = async ({ locals, request, url }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const wallboard = await askedWallboard(locals.runtime.database.db, access.workspace, url.searchParams.get('wallboard'));
  if (wallboard === undefined) return notFound(WALLBOARD_NOT_FOUND);
  return liveEventStream(locals.runtime.live, {
    workspaceId: access.workspace.id,
    wallboardId: wallboard?.id ?? null,
    lastEventId: lastEventIdOf(request),
    owner: { key: `session:${access.session.id}`, limit: STREAMS_PER_SESSION },
    signal: request.signal,
    response: currentNodeResponse(),
  });
};
