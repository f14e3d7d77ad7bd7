import type { APIRoute } from 'astro';
import { receiveGooglePush } from '#domain/integrations/google/push.ts';
import { errorJson, json, readRawBody } from '#web/http.ts';

// Cloud Pub/Sub's pushes of Business Profile notifications (issue 30): no session and no cross-site
// check (the middleware opens this path); Google's signed bearer token is what lets a push in.
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readRawBody(request);
  if (!body.ok) return errorJson(body.status, body.message);
  const { database, jobs, config } = locals.runtime;
  const outcome = await receiveGooglePush(
    { database, jobs, pubsub: config.google.pubsub },
    request.headers.get('authorization'),
    new TextDecoder().decode(body.raw),
  );
  return outcome.status < 300 ? json({ message: outcome.message }, outcome.status) : errorJson(outcome.status, outcome.message);
};
