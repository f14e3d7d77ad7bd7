import { z } from 'zod';
import { WEEKLY_GOAL_MAX } from '#shared/settings-rules.ts';
import { canonicalTeamColor, DEFAULT_TEAM_COLOR, TEAM_COLOR_INVALID, TEAM_NAME_REQUIRED, teamNameProblem } from '#shared/team-rules.ts';

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

/** A named wallboard's id (Agency); null or absent: the workspace's own wallboard. */
export const wallboardRef = z
  .number({ error: 'Wallboard not found' })
  .int({ error: 'Wallboard not found' })
  .positive({ error: 'Wallboard not found' })
  .max(2_147_483_647, { error: 'Wallboard not found' })
  .nullable()
  .optional();

/** A positive whole number up to `max`; null clears it, absent leaves it. */
const optionalCount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number from 1 to ${max}` })
    .int({ error: `${label} must be a whole number from 1 to ${max}` })
    .min(1, { error: `${label} must be a whole number from 1 to ${max}` })
    .max(max, { error: `${label} must be a whole number from 1 to ${max}` })
    .nullable()
    .optional();

const teamWeeklyGoal = optionalCount('Weekly goal', WEEKLY_GOAL_MAX);

export const teamCreatePayload = z.object({
  name: teamName,
  color: teamColor.optional().transform((color) => color ?? DEFAULT_TEAM_COLOR),
  weeklyGoal: teamWeeklyGoal,
  wallboardId: wallboardRef,
});

export const WALLBOARD_NAME_MAX = 60;
const wallboardName = z
  .string({ error: 'Wallboard name is required' })
  .trim()
  .min(1, { error: 'Wallboard name is required' })
  .max(WALLBOARD_NAME_MAX, { error: `Wallboard name is at most ${WALLBOARD_NAME_MAX} characters` });

export const wallboardCreatePayload = z.object({
  name: wallboardName,
  targetReviews: optionalCount('Target reviews', 100_000),
  weeklyGoal: optionalCount('Weekly goal', WEEKLY_GOAL_MAX),
});

export const wallboardUpdatePayload = z
  .object({
    name: wallboardName.optional(),
    targetReviews: optionalCount('Target reviews', 100_000),
    weeklyGoal: optionalCount('Weekly goal', WEEKLY_GOAL_MAX),
  })
  .refine((w) => w.name !== undefined || w.targetReviews !== undefined || w.weeklyGoal !== undefined, {
    message: 'Send a name, targetReviews or weeklyGoal to change',
  });

export const NOTHING_TO_UPDATE = 'Send a name, a color or a weekly goal to change';

export const teamUpdatePayload = z
  .object({ name: teamName.optional(), color: teamColor.optional(), weeklyGoal: teamWeeklyGoal })
  .refine((team) => team.name !== undefined || team.color !== undefined || team.weeklyGoal !== undefined, { message: NOTHING_TO_UPDATE });

export const settingPayload = z.object({
  value: z.string({ error: 'A setting value must be text' }),
});
