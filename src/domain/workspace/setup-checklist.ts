import { and, count, eq, isNotNull, isNull, not, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { emailTemplates, kioskLinks, reviews, settings, teams, wallboards, workspaces } from '#platform/db/schema.ts';
import { COPY_LINK_MODE_KEY } from '#shared/settings-rules.ts';
import { isOwnTarget, suggestedTarget, TARGET_SET_KEY } from '#shared/target.ts';
import { unknownTeamRow, type Workspace } from './workspaces.ts';

// The guided first run (issue 12): what a new workspace needs before its first review is
// celebrated, each step checked off from the stored state, never from a flag the owner ticks.

export const SETUP_STEP_IDS = ['teams', 'target', 'review_link', 'email_template', 'email_delivery', 'tv_link', 'test_review'] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

export interface SetupState {
  teams: number;
  /** The workspace set its own target (issue 33, item 9): an admin saved it, it differs from the default, or a named wallboard has one. */
  targetSet: boolean;
  googleReviewLink: boolean;
  googleConnected: boolean;
  activeTemplates: number;
  smtpConfigured: boolean;
  copyLinkMode: boolean;
  tvLinks: number;
  reviews: number;
}

export interface SetupChecklist {
  steps: { id: SetupStepId; done: boolean }[];
  done: number;
  complete: boolean;
}

export function checklistOf(state: SetupState): SetupChecklist {
  const done: Record<SetupStepId, boolean> = {
    teams: state.teams > 0,
    target: state.targetSet,
    review_link: state.googleReviewLink || state.googleConnected,
    email_template: state.activeTemplates > 0,
    email_delivery: state.smtpConfigured || state.copyLinkMode,
    tv_link: state.tvLinks > 0,
    test_review: state.reviews > 0,
  };
  const steps = SETUP_STEP_IDS.map((id) => ({ id, done: done[id] }));
  const finished = steps.filter((s) => s.done).length;
  return { steps, done: finished, complete: finished === steps.length };
}

/** What GET /api/setup-checklist answers, and the pages hand the checklist island. */
export interface SetupChecklistAnswer extends SetupChecklist {
  emailConfigured: boolean;
  /** The target offered for the workspace's teams (src/shared/target.ts). */
  suggestedTarget: number;
}

export function setupChecklistAnswer(state: SetupState): SetupChecklistAnswer {
  return { ...checklistOf(state), emailConfigured: state.smtpConfigured, suggestedTarget: suggestedTarget(state.teams) };
}

/** A count of the rows `query` selects, as one column of the state's single statement. */
const countOf = (query: SQLWrapper) => sql<number>`(${query})`.mapWith(Number);

export async function readSetupState(db: Db, workspace: Workspace, smtpConfigured: boolean): Promise<SetupState> {
  const id = workspace.id;
  const settingOf = (key: string) =>
    sql<string | null>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.workspaceId} = ${id} AND ${settings.key} = ${key})`;
  // One statement (the wallboard page reads it on every request): each count and setting a column.
  const [row] = await db
    .select({
      teams: countOf(
        db
          .select({ n: count() })
          .from(teams)
          .where(and(eq(teams.workspaceId, id), not(unknownTeamRow))),
      ),
      templates: countOf(
        db
          .select({ n: count() })
          .from(emailTemplates)
          .where(and(eq(emailTemplates.workspaceId, id), eq(emailTemplates.isActive, true))),
      ),
      tvLinks: countOf(
        db
          .select({ n: count() })
          .from(kioskLinks)
          .where(and(eq(kioskLinks.workspaceId, id), isNull(kioskLinks.revokedAt))),
      ),
      reviews: countOf(db.select({ n: count() }).from(reviews).where(eq(reviews.workspaceId, id))),
      wallboardTargets: countOf(
        db
          .select({ n: count() })
          .from(wallboards)
          .where(and(eq(wallboards.workspaceId, id), isNotNull(wallboards.targetReviews))),
      ),
      target: settingOf('target_reviews'),
      targetSet: settingOf(TARGET_SET_KEY),
      googleReviewLink: settingOf('google_review_link'),
      googleToken: settingOf('gmb_refresh_token'),
      copyLinkMode: settingOf(COPY_LINK_MODE_KEY),
    })
    .from(workspaces)
    .where(eq(workspaces.id, id));
  return {
    teams: row?.teams ?? 0,
    targetSet: row?.targetSet === 'yes' || isOwnTarget(row?.target ?? undefined) || (row?.wallboardTargets ?? 0) > 0,
    googleReviewLink: (row?.googleReviewLink ?? '') !== '',
    googleConnected: (row?.googleToken ?? '') !== '',
    activeTemplates: row?.templates ?? 0,
    smtpConfigured,
    copyLinkMode: row?.copyLinkMode === 'yes',
    tvLinks: row?.tvLinks ?? 0,
    reviews: row?.reviews ?? 0,
  };
}
