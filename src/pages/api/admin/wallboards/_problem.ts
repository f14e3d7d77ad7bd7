import { notFound, planLimitRefused } from '#web/http.ts';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, type Plan } from '#shared/plans.ts';
import { WALLBOARD_NOT_FOUND, type WallboardProblem } from '#domain/game/wallboards.ts';

export { WALLBOARD_NOT_FOUND };

/** The answer to a wallboard change the domain refused (the underscore keeps this out of the routes). */
export function wallboardProblemResponse(problem: WallboardProblem, plan: Plan): Response {
  const allowed = PLAN_LIMITS[plan].wallboards ?? 1;
  switch (problem) {
    case 'not_found':
      return notFound(WALLBOARD_NOT_FOUND);
    case 'plan_limit':
      return planLimitRefused(PLAN_LIMIT_MESSAGES.wallboards(plan, allowed), 'wallboards');
    case 'read_only':
      return planLimitRefused(PLAN_LIMIT_MESSAGES.wallboardReadOnly(plan, allowed), 'wallboards');
  }
}
