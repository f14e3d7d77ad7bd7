import type { APIRoute } from 'astro';
import { errorJson } from '#web/http.ts';
import { resolveKioskToken } from '#domain/workspace/kiosk.ts';
import { currentNodeResponse } from '#web/live/node-response.ts';
import { lastEventIdOf, liveEventStream, STREAMS_PER_KIOSK_LINK } from '#web/live/stream.ts';

export const GET: APIRoute = async ({ locals, params, request }) => {
  const { database, live } = locals.runtime;
  const kiosk = await resolveKioskToken(database, params.token ?? '');
  if (!kiosk) return errorJson(404, 'This display link is not valid or has been revoked');
  locals.kioskWorkspaceId = kiosk.workspace.id;
  return liveEventStream(live, {
    workspaceId: kiosk.workspace.id,
    wallboardId: kiosk.wallboardId,
    kioskLinkId: kiosk.linkId,
    lastEventId: lastEventIdOf(request),
    owner: { key: `kiosk:${kiosk.linkId}`, limit: STREAMS_PER_KIOSK_LINK },
    signal: request.signal,
    response: currentNodeResponse(),
  });
};
