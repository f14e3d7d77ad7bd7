import { badRequest, errorJson, notFound, planLimitRefused } from '#web/http.ts';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, type Plan } from '#shared/plans.ts';
import { planProblemMessage, TEAM_PROBLEM_MESSAGES, type TeamProblem } from '#domain/game/teams.ts';

export const TEAM_NOT_FOUND = 'Team not found';

/** The answer to a team change the domain refused. */
export function problemResponse(problem: TeamProblem, plan: Plan): Response {
  switch (problem) {
    case 'not_found':
      return notFound(TEAM_NOT_FOUND);
    case 'duplicate_name':
      return errorJson(409, TEAM_PROBLEM_MESSAGES.duplicate_name, 'name');
    case 'reserved_name':
      return badRequest(TEAM_PROBLEM_MESSAGES.reserved_name, 'name');
    case 'unknown_locked':
      return badRequest(TEAM_PROBLEM_MESSAGES.unknown_locked);
    case 'wallboard_not_found':
      return badRequest(TEAM_PROBLEM_MESSAGES.wallboard_not_found, 'wallboardId');
    case 'plan_limit':
    case 'read_only':
      return planLimitRefused(planProblemMessage(problem, plan), 'teams');
    case 'wallboard_read_only':
      return planLimitRefused(PLAN_LIMIT_MESSAGES.wallboardReadOnly(plan, PLAN_LIMITS[plan].wallboards ?? 1), 'wallboards');
  }
}
