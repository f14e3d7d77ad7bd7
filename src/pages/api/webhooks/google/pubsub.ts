import type { APIRoute } from 'astro';
import { receiveGooglePush } from '#domain/integrations/google/push.ts';
import { errorJson, json, MAX_JSON_BODY_BYTES, readBodyUpTo } from '#web/http.ts';

// Cloud Pub/Sub's pushes of Business Profile notifications (issue 30): no session and no cross-site
// check (the middleware opens this path); Google's signed bearer token is what lets a push in.
export const POST: APIRoute = async ({ locals, request }) => {
  let raw: Uint8Array | null;
  try {
    raw = await readBodyUpTo(request, MAX_JSON_BODY_BYTES);
  } catch {
    return errorJson(400, 'Request body could not be read');
  }
  if (raw === null) return errorJson(413, 'Request body is too large');
  const { database, jobs, config } = locals.runtime;
  const outcome = await receiveGooglePush(
    { database, jobs, pubsub: config.google.pubsub },
    request.headers.get('authorization'),
    new TextDecoder().decode(raw),
  );
  return outcome.status < 300 ? json({ message: outcome.message }, outcome.status) : errorJson(outcome.status, outcome.message);
};
