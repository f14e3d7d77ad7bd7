import type { PlanLimitName } from '#shared/plans.ts';

/**
 * Why a command refused, with the status every way in answers it with: src/web/http.ts `refused` for
 * the APIs, the CRM receiver for its delivery log. A plan's refusal names its limit.
 */
export interface Refusal {
  status: 400 | 403 | 404 | 409 | 422 | 429 | 502;
  message: string;
  field?: string;
  planLimit?: PlanLimitName;
}
