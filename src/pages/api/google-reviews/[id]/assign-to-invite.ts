import { assignToInviteRoute } from '../../_assign-review.ts';

/** Assigns a waiting review to a request (SPEC.md section 7; the google kind only). */
export const POST = assignToInviteRoute('google');
