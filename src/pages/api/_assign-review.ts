import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { badRequest, errorJson, json, notFound, parseId, parseJsonBody } from '#web/http.ts';
import { ASSIGN_PROBLEM_MESSAGES, assignReviewToInvite, assignReviewToTeam, type AssignResult } from '#domain/reviews/assign.ts';
import type { ReviewKind } from '#domain/reviews/store.ts';
import { assignToInvitePayload, assignToTeamPayload } from '#contracts/review-payloads.ts';

// The four assign routes (SPEC.md section 7): /api/google-reviews/{id}/... act on Google reviews and
// /api/review-actions/{id}/... on review actions; a review of the other kind is not found there.
// (The leading underscore keeps this file out of Astro's routes.)

const ASSIGNED = 'Review assigned';

function answer(result: AssignResult): Response {
  if (result.ok) return json({ message: ASSIGNED, review: result.review });
  const message = ASSIGN_PROBLEM_MESSAGES[result.problem];
  switch (result.problem) {
    case 'review_not_found':
    case 'request_not_found':
    case 'team_not_found':
      return notFound(message);
    case 'unknown_team':
      return badRequest(message, 'teamId');
    case 'request_without_team':
      return badRequest(message, 'inviteId');
    case 'already_matched':
      return errorJson(409, message);
    case 'request_taken':
      return errorJson(409, message, 'inviteId');
  }
}

export function assignToInviteRoute(kind: ReviewKind): APIRoute {
  return async ({ params, request, locals }) => {
    const access = requireStaff(locals);
    if (!access.ok) return access.response;
    const reviewId = parseId(params.id);
    if (reviewId === null) return notFound(ASSIGN_PROBLEM_MESSAGES.review_not_found);
    const parsed = await parseJsonBody(request, assignToInvitePayload);
    if (!parsed.ok) return parsed.response;
    return answer(await assignReviewToInvite(locals.runtime, access.workspace, { kind, reviewId, inviteId: parsed.data.inviteId }));
  };
}

export function assignToTeamRoute(kind: ReviewKind): APIRoute {
  return async ({ params, request, locals }) => {
    const access = requireStaff(locals);
    if (!access.ok) return access.response;
    const reviewId = parseId(params.id);
    if (reviewId === null) return notFound(ASSIGN_PROBLEM_MESSAGES.review_not_found);
    const parsed = await parseJsonBody(request, assignToTeamPayload);
    if (!parsed.ok) return parsed.response;
    return answer(await assignReviewToTeam(locals.runtime, access.workspace, { kind, reviewId, teamId: parsed.data.teamId }));
  };
}
