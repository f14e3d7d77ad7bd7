import type { Db } from './db/database.ts';
import { findLogoVersion, logoUrl } from './logo.ts';
import { averageRatingX10, challengeSettings, teamScores } from './scoring.ts';
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

export async function loadDashboard(db: Db, workspace: Workspace): Promise<Dashboard> {
  const challenge = await challengeSettings(db, workspace);
  const [scores, logoVersion] = await Promise.all([teamScores(db, workspace, challenge.start), findLogoVersion(db, workspace.id)]);
  const teams = scores.map((s) => ({
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
    targetReviews: challenge.targetReviews,
    companyName: workspace.businessName,
    companyLogo: logoVersion ? logoUrl(workspace.slug, logoVersion) : null,
  };
}
