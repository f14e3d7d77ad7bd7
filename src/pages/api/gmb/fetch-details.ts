import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { placeDetails } from '#domain/integrations/google/place-link.ts';
import { badRequest, json, parseJsonBody } from '#web/http.ts';
import { fetchDetailsPayload } from '#contracts/payloads.ts';

/** {reviewLink, placeId} for a pasted Google review or Maps link. */
export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, fetchDetailsPayload);
  if (!parsed.ok) return parsed.response;
  const details = placeDetails(parsed.data.reviewLink);
  if (!details) return badRequest('This is not a Google review or Maps link with a place ID', 'reviewLink');
  return json(details);
};
