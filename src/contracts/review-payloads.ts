import { z } from 'zod';

// Payloads of the reviews page's assign control (SPEC.md section 7).

export const CHOOSE_REQUEST = 'Choose a request to assign the review to';
export const CHOOSE_TEAM = 'Choose a team to assign the review to';

/** A row id picked in a select: a positive integer, or its digits as a form sends them. */
function pickedId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message),
  );
}

/** POST /api/google-reviews/{id}/assign-to-invite and /api/review-actions/{id}/assign-to-invite. */
export const assignToInvitePayload = z.object({ inviteId: pickedId(CHOOSE_REQUEST) });

/** POST /api/google-reviews/{id}/assign-to-team and /api/review-actions/{id}/assign-to-team. */
export const assignToTeamPayload = z.object({ teamId: pickedId(CHOOSE_TEAM) });

/** The reviews list's optional `?team={id}`: null when absent, undefined when it is no id at all. */
export function teamFilter(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return null;
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
}
