import { assignToInviteRoute } from '../../_assign-review.ts';

/** Assigns a waiting review to a request (SPEC.md section 7; the action kind only). */
export const POST = assignToInviteRoute('action');
