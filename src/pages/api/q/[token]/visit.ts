import type { APIRoute } from 'astro';
import { continueDeskCardVisit, deskCardRefusal } from '#domain/requests/desk-card-visit.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { deskCardVisitPayload } from '#contracts/desk-card-payloads.ts';

/** The customer goes on to the review page, with their first name (a request for the card's person) or without. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const parsed = await parseJsonBody(request, deskCardVisitPayload);
  if (!parsed.ok) return parsed.response;
  const visit = await continueDeskCardVisit(locals.runtime, params.token ?? '', parsed.data.scanId, parsed.data.firstName);
  return visit.ok ? json({ next: visit.next }) : refused(deskCardRefusal(visit.problem));
};
