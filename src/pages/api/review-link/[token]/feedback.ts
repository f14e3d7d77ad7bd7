import type { APIRoute } from 'astro';
import { errorJson, json, notFound, parseJsonBody } from '#web/http.ts';
import { FEEDBACK_PROBLEM_MESSAGES, submitPrivateFeedback } from '#domain/requests/review-link.ts';
import { privateFeedbackPayload } from '#contracts/payloads.ts';

/** Public (the review link's token is the credential): stores the customer's private feedback. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const parsed = await parseJsonBody(request, privateFeedbackPayload);
  if (!parsed.ok) return parsed.response;
  const result = await submitPrivateFeedback(locals.runtime.database.db, params.token ?? '', parsed.data.message);
  if (result.ok) return json({ message: `Thank you! Your feedback has been sent to ${result.businessName}.` }, 201);
  if (result.problem === 'not_found') return notFound(FEEDBACK_PROBLEM_MESSAGES.not_found);
  return errorJson(429, FEEDBACK_PROBLEM_MESSAGES.too_many);
};
