import { and, count, eq, isNotNull, isNull, not } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { emailTemplates, kioskLinks, reviews, teams, wallboards } from '#platform/db/schema.ts';
import { readSettings } from './settings.ts';
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

const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

export async function readSetupState(db: Db, workspace: Workspace, smtpConfigured: boolean): Promise<SetupState> {
  const id = workspace.id;
  const [teamCount, templates, tvLinks, reviewCount, wallboardTargets, settings] = await Promise.all([
    counted(
      db
        .select({ n: count() })
        .from(teams)
        .where(and(eq(teams.workspaceId, id), not(unknownTeamRow))),
    ),
    counted(
      db
        .select({ n: count() })
        .from(emailTemplates)
        .where(and(eq(emailTemplates.workspaceId, id), eq(emailTemplates.isActive, true))),
    ),
    counted(
      db
        .select({ n: count() })
        .from(kioskLinks)
        .where(and(eq(kioskLinks.workspaceId, id), isNull(kioskLinks.revokedAt))),
    ),
    counted(db.select({ n: count() }).from(reviews).where(eq(reviews.workspaceId, id))),
    counted(
      db
        .select({ n: count() })
        .from(wallboards)
        .where(and(eq(wallboards.workspaceId, id), isNotNull(wallboards.targetReviews))),
    ),
    readSettings(db, id, ['target_reviews', TARGET_SET_KEY, 'google_review_link', 'gmb_refresh_token', COPY_LINK_MODE_KEY]),
  ]);
  return {
    teams: teamCount,
    targetSet: settings.get(TARGET_SET_KEY) === 'yes' || isOwnTarget(settings.get('target_reviews')) || wallboardTargets > 0,
    googleReviewLink: (settings.get('google_review_link') ?? '') !== '',
    googleConnected: (settings.get('gmb_refresh_token') ?? '') !== '',
    activeTemplates: templates,
    smtpConfigured,
    copyLinkMode: settings.get(COPY_LINK_MODE_KEY) === 'yes',
    tvLinks,
    reviews: reviewCount,
  };
}
