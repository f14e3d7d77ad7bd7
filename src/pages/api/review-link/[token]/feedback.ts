import type { APIRoute } from 'astro';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { feedbackRefusal, submitPrivateFeedback } from '#domain/requests/review-link.ts';
import { privateFeedbackPayload } from '#contracts/payloads.ts';

/** Public (the review link's token is the credential): stores the customer's private feedback. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const parsed = await parseJsonBody(request, privateFeedbackPayload);
  if (!parsed.ok) return parsed.response;
  const result = await submitPrivateFeedback(locals.runtime.database.db, params.token ?? '', parsed.data.message);
  if (result.ok) return json({ message: `Thank you! Your feedback has been sent to ${result.businessName}.` }, 201);
  return refused(feedbackRefusal(result.problem));
};
