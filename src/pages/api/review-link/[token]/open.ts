import type { APIRoute } from 'astro';
import { notFound } from '#web/http.ts';
import { FEEDBACK_PROBLEM_MESSAGES, recordOpen } from '#domain/requests/review-link.ts';

/** Public (the token is the credential): the review link page reports that a person opened it. */
export const POST: APIRoute = async ({ locals, params }) => {
  if (!(await recordOpen(locals.runtime.database.db, params.token ?? ''))) return notFound(FEEDBACK_PROBLEM_MESSAGES.not_found);
  return new Response(null, { status: 204 });
};
