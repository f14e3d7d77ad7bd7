import { z } from 'zod';
import { logRequestRules } from '#shared/rules.ts';

// PUT /api/admin/staff/{id} and POST /api/admin/staff/{id}/merge. A person's first name follows the
// log form's rule for it, so a name the form accepts can always be kept.

export const STAFF_NOTHING_TO_UPDATE = 'Send a firstName or active to change';
export const STAFF_ACTIVE_INVALID = 'active must be true or false';
export const MERGE_INTO_REQUIRED = 'Choose the person to merge into';

const firstName = z
  .string({ error: 'Staff first name is required' })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const problem = logRequestRules.staffFirstName(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const staffUpdatePayload = z
  .object({ firstName: firstName.optional(), active: z.boolean({ error: STAFF_ACTIVE_INVALID }).optional() })
  .refine((p) => p.firstName !== undefined || p.active !== undefined, { message: STAFF_NOTHING_TO_UPDATE });

export const staffMergePayload = z.object({
  intoId: z
    .number({ error: MERGE_INTO_REQUIRED })
    .int({ error: MERGE_INTO_REQUIRED })
    .positive({ error: MERGE_INTO_REQUIRED })
    .max(2_147_483_647, { error: MERGE_INTO_REQUIRED }),
});
