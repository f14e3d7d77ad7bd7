import type { Db } from './db/database.ts';
import { findLogoVersion, logoUrl } from './logo.ts';
import { averageRatingX10, challengeSettings, teamScores } from './scoring.ts';
import type { Wallboard } from './wallboards.ts';
import type { Workspace } from './workspaces.ts';

export interface DashboardTeam {
  id: number;
  name: string;
  color: string;
  reviews: number;
  reviewRequestsSent: number;
  googleReviewsConfirmed: number;
  averageRating: number;
}

/** The wallboard's data: SPEC.md section 3 "Dashboard payload". */
export interface Dashboard {
  teams: DashboardTeam[];
  totals: { requestsSent: number; googleReviews: number };
  targetReviews: number;
  companyName: string;
  companyLogo: string | null;
}

/**
 * The dashboard of the workspace's own wallboard (its teams with no wallboard, "Unknown" among them),
 * or of one named wallboard (its teams, its name and target).
 */
export async function loadDashboard(db: Db, workspace: Workspace, wallboard: Wallboard | null = null): Promise<Dashboard> {
  const challenge = await challengeSettings(db, workspace);
  const wallboardId = wallboard?.id ?? null;
  const [scores, logoVersion] = await Promise.all([teamScores(db, workspace, challenge.start), findLogoVersion(db, workspace.id, wallboardId)]);
  const shown = scores.filter((s) => s.wallboardId === wallboardId);
  const teams = shown.map((s) => ({
    id: s.id,
    name: s.name,
    color: s.color,
    reviews: s.reviews,
    reviewRequestsSent: s.requests,
    googleReviewsConfirmed: s.reviews,
    averageRating: averageRatingX10(s),
  }));
  return {
    teams,
    totals: {
      requestsSent: teams.reduce((n, t) => n + t.reviewRequestsSent, 0),
      googleReviews: teams.reduce((n, t) => n + t.googleReviewsConfirmed, 0),
    },
    targetReviews: wallboard?.targetReviews ?? challenge.targetReviews,
    companyName: wallboard?.name ?? workspace.businessName,
    companyLogo: logoVersion ? logoUrl(workspace.slug, logoVersion, wallboardId) : null,
  };
}
