import { z } from 'zod';
import { requestEditRules } from '#shared/request-edit-rules.ts';

// PUT /api/admin/review-request/{campaignId}: {inviteId, firstName, lastName, email, staffFirstName, teamId}.

type Rule = (value: string) => string | undefined;

function ruled(rule: Rule) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''))
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim());
}

const text = (rule: Rule) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const problem = rule(typeof value === 'string' ? value : '');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value as string).trim());

export const INVITE_ID_MISMATCH = 'inviteId must be the id of the request being edited';

export const requestEditPayload = z.object({
  /** The spec sends the request's id twice (campaignId in the path, inviteId here): they must agree. */
  inviteId: z.union([z.number(), z.string()], { error: INVITE_ID_MISMATCH }).optional(),
  firstName: text(requestEditRules.firstName),
  lastName: text(requestEditRules.lastName),
  email: text(requestEditRules.email),
  staffFirstName: text(requestEditRules.staffFirstName),
  /** A number, or a numeric string as a <select> gives it. */
  teamId: ruled(requestEditRules.teamId).transform(Number),
});

export type RequestEdit = z.infer<typeof requestEditPayload>;
