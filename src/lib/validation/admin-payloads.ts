import { z } from 'zod';
import { canonicalTeamColor, DEFAULT_TEAM_COLOR, TEAM_COLOR_INVALID, TEAM_NAME_REQUIRED, teamNameProblem } from './team-rules.ts';

// Server-side schemas of the admin payloads, built on the plain rules the cards share (decision 006).

const teamName = z
  .string({ error: TEAM_NAME_REQUIRED })
  .superRefine((value, ctx) => {
    const problem = teamNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim());

const teamColor = z.string({ error: TEAM_COLOR_INVALID }).transform((value, ctx) => {
  const color = canonicalTeamColor(value);
  if (!color) {
    ctx.addIssue({ code: 'custom', message: TEAM_COLOR_INVALID });
    return z.NEVER;
  }
  return color;
});

export const teamCreatePayload = z.object({
  name: teamName,
  color: teamColor.optional().transform((color) => color ?? DEFAULT_TEAM_COLOR),
});

export const NOTHING_TO_UPDATE = 'Send a name or a color to change';

export const teamUpdatePayload = z
  .object({ name: teamName.optional(), color: teamColor.optional() })
  .refine((team) => team.name !== undefined || team.color !== undefined, { message: NOTHING_TO_UPDATE });

export const settingPayload = z.object({
  value: z.string({ error: 'A setting value must be text' }),
});
