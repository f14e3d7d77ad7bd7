import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json, notFound, parseId, parseJsonBody, refused } from '#web/http.ts';
import { ASSIGN_PROBLEM_MESSAGES, assignRefusal, assignReviewToInvite, assignReviewToTeam, type AssignResult } from '#domain/reviews/assign.ts';
import type { ReviewKind } from '#domain/reviews/store.ts';
import { assignToInvitePayload, assignToTeamPayload } from '#contracts/review-payloads.ts';

// The four assign routes (SPEC.md section 7): /api/google-reviews/{id}/... act on Google reviews and
// /api/review-actions/{id}/... on review actions; a review of the other kind is not found there.
// (The leading underscore keeps this file out of Astro's routes.)

const ASSIGNED = 'Review assigned';

function answer(result: AssignResult): Response {
  return result.ok ? json({ message: ASSIGNED, review: result.review }) : refused(assignRefusal(result.problem));
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
