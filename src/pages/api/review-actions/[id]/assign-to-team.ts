import { assignToTeamRoute } from '../../_assign-review.ts';

/** Assigns a waiting review to a team other than "Unknown" (SPEC.md section 7; the action kind only). */
export const POST = assignToTeamRoute('action');
