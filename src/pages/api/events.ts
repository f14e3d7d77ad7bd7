import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { currentNodeResponse } from '../../lib/live/node-response.ts';
import { lastEventIdOf, liveEventStream, STREAMS_PER_SESSION } from '../../lib/live/stream.ts';

export const GET: APIRoute = ({ locals, request }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  return liveEventStream(locals.runtime.live, {
    workspaceId: access.workspace.id,
    lastEventId: lastEventIdOf(request),
    owner: { key: `session:${access.session.id}`, limit: STREAMS_PER_SESSION },
    signal: request.signal,
    response: currentNodeResponse(),
  });
};
