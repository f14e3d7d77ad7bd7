import { z } from 'zod';
import { feedbackMessageProblem } from '#shared/rules.ts';

const scanId = z
  .number({ error: 'scanId must be a number' })
  .int()
  .positive()
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** POST /api/q/{token}/visit: the scan the page counted, and the first name the customer gave (or none). */
export const deskCardVisitPayload = z.object({
  scanId,
  firstName: z
    .string({ error: 'Your first name must be text' })
    .max(60, 'Your first name is at most 60 characters')
    .nullish()
    .transform((v) => (v ?? '').trim()),
});

/** POST /api/q/{token}/feedback. */
export const deskCardFeedbackPayload = z.object({
  scanId,
  message: z
    .string({ error: 'Please write your feedback before sending' })
    .transform((v) => v.trim())
    .superRefine((value, ctx) => {
      const problem = feedbackMessageProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
