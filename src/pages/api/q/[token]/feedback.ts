import type { APIRoute } from 'astro';
import { deskCardFeedback, deskCardRefusal } from '#domain/requests/desk-card-visit.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { deskCardFeedbackPayload } from '#contracts/desk-card-payloads.ts';

/** Private feedback from a desk card's visitor who gave no name. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const parsed = await parseJsonBody(request, deskCardFeedbackPayload);
  if (!parsed.ok) return parsed.response;
  const sent = await deskCardFeedback(locals.runtime.database, params.token ?? '', parsed.data.scanId, parsed.data.message);
  return sent.ok ? json({ message: `Thank you, ${sent.businessName} has your feedback.` }) : refused(deskCardRefusal(sent.problem));
};
