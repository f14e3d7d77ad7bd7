import { and, desc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import { dashboardSnapshots } from '#platform/live/dashboard-snapshots.ts';
import type { Database, Db } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { challengeClock, leaderboard, loadGame, scoresOf, type Game, type LeaderboardPerson } from './standings.ts';
import type { ScoreParts } from '#shared/fair-score.ts';
import { firstNameAndInitial, NEUTRAL_AT_OR_BELOW, rankTeams } from '#shared/wallboard-rules.ts';
import { findLogoVersion, logoUrl } from '#domain/workspace/logo.ts';
import { LIVE_REVIEW } from '#domain/reviews/store.ts';
import { averageRatingX10, CHALLENGE_SETTING_KEYS, challengeSettingsOf, COUNTED_FOR_TEAM, teamScores, type TeamScore } from '#domain/reviews/scoring.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { DEFAULT_ROTATE_SECONDS, DEFAULT_WALLBOARD_PANELS, WALLBOARD_PANELS, type WallboardPanel } from '#shared/settings-rules.ts';
import { findWallboard, type Wallboard } from './wallboards.ts';
import { deskCardQrPath, liveDeskCards } from './staff/desk-cards.ts';
import { findWorkspaceById, type Workspace } from '#domain/workspace/workspaces.ts';
import { isUnknownTeamName } from '#shared/team-rules.ts';

export interface DashboardTeam {
  id: number;
  name: string;
  color: string;
  reviews: number;
  reviewRequestsSent: number;
  googleReviewsConfirmed: number;
  averageRating: number;
  /** The fair score of the whole challenge (docs/decisions/031); 0 for "Unknown", whose reviews count for nobody. */
  score: number;
  scoreParts: ScoreParts & { weekScore: number };
  /** 1 for the best score; teams with equal scores share a rank. Null for "Unknown". */
  rank: number | null;
  /** Reviews counted for the team this challenge week. */
  weekReviews: number;
  weeklyGoal: number | null;
}

export interface DashboardWeek {
  /** "Week N of the challenge"; 0 or less before it starts. */
  number: number;
  startsAt: string;
  endsAt: string;
  /** Reviews a week the wallboard aims for; null when none is set. */
  goal: number | null;
  reviews: number;
}

/** A review as the wallboard's "latest reviews" panel shows it: a first name and initial at most. */
export interface LatestReview {
  id: number;
  /** "Sarah K."; null when names are hidden, for 3 stars or fewer, or when the reviewer gave none. */
  reviewerName: string | null;
  /** Null for 3 stars or fewer: the wall honours the effort, not the stars. */
  rating: number | null;
  teamName: string;
  teamColor: string;
  createTime: string;
}

export interface WallboardDisplay {
  panels: WallboardPanel[];
  rotateSeconds: number;
  showReviewerNames: boolean;
  showUnknownTeam: boolean;
}

/** A person's desk card on the wallboard's "Scan to review" panel (issue 29). */
export interface DashboardDeskCard {
  staffId: number;
  firstName: string;
  /** The card's QR code, an SVG image of its /q/{token} link. */
  qrUrl: string;
}

/** The wallboard's data: SPEC.md section 3 "Dashboard payload", and the game of issue 13. */
export interface Dashboard {
  teams: DashboardTeam[];
  totals: { requestsSent: number; googleReviews: number };
  targetReviews: number;
  companyName: string;
  companyLogo: string | null;
  week: DashboardWeek;
  /** This week's people leaderboard (the wallboard's people panel). */
  people: LeaderboardPerson[];
  latestReviews: LatestReview[];
  /** The board's people's desk cards, when its "Scan to review" panel is on; empty otherwise. */
  deskCards: DashboardDeskCard[];
  display: WallboardDisplay;
}

const LATEST_REVIEWS = 6;
const PEOPLE_SHOWN = 8;
/** QR codes big enough to scan from a few steps away: a TV holds about this many. */
const DESK_CARDS_SHOWN = 8;
/** The workspace's own wallboard's weekly goal (a named wallboard keeps its own). */
const WORKSPACE_GOAL_KEY = 'weekly_goal';
const DISPLAY_KEYS = [WORKSPACE_GOAL_KEY, 'show_reviewer_names', 'show_unknown_team', 'wallboard_panels', 'wallboard_rotate_seconds'];

/**
 * The dashboard of the workspace's own wallboard (its teams with no wallboard, "Unknown" among them),
 * or of one named wallboard (its teams, its name, target and weekly goal).
 */
export async function loadDashboard(db: Db, workspace: Workspace, wallboard: Wallboard | null = null): Promise<Dashboard> {
  const game = await loadGame(db, workspace);
  const wallboardId = wallboard?.id ?? null;
  const [scores, logoVersion, values] = await Promise.all([
    teamScores(db, workspace, game.challenge.start, game.week.startsAt),
    findLogoVersion(db, workspace.id, wallboardId),
    readSettings(db, workspace.id, DISPLAY_KEYS),
  ]);
  const { shown, elsewhere } = onWallboard(scores, wallboard);
  const elsewhereSet = new Set(elsewhere);
  const display = displayOf(values);
  const onBoard = (teamId: number | null) => (teamId === null ? wallboard === null : !elsewhereSet.has(teamId));
  const [people, latestReviews, cards] = await Promise.all([
    leaderboard(db, workspace, game, 'week', onBoard),
    loadLatestReviews(db, workspace.id, shown, elsewhere, display.showReviewerNames),
    display.panels.includes('desk-cards') ? liveDeskCards(db, workspace.id) : [],
  ]);
  // A card shows on the board of the team it credits.
  const deskCards = cards
    .filter((card) => onBoard(card.teamId))
    .slice(0, DESK_CARDS_SHOWN)
    .map((card) => ({ staffId: card.staffId, firstName: card.firstName, qrUrl: deskCardQrPath(card.token) }));
  const teams = rankTeams(shown.map((s) => dashboardTeam(game, s)));
  const figures = boardFigures(teams, wallboard, game, values);
  return {
    teams,
    totals: { requestsSent: teams.reduce((n, t) => n + t.reviewRequestsSent, 0), googleReviews: figures.totals.googleReviews },
    targetReviews: figures.targetReviews,
    companyName: wallboard?.name ?? workspace.businessName,
    companyLogo: logoVersion ? logoUrl(workspace.slug, logoVersion, wallboardId) : null,
    week: {
      number: game.week.number,
      startsAt: figures.week.startsAt,
      endsAt: game.week.endsAt.toISOString(),
      goal: figures.week.goal,
      reviews: figures.week.reviews,
    },
    people: people.slice(0, PEOPLE_SHOWN),
    latestReviews,
    deskCards,
    display,
  };
}

/** What a wallboard's goals and target are checked against (src/domain/game/milestones.ts): the dashboard's own figures. */
export interface BoardFigures {
  teams: Pick<DashboardTeam, 'id' | 'weekReviews' | 'weeklyGoal'>[];
  totals: Pick<Dashboard['totals'], 'googleReviews'>;
  targetReviews: number;
  week: Pick<DashboardWeek, 'startsAt' | 'goal' | 'reviews'>;
}

/**
 * A wallboard's figures as its dashboard shows them, read without what only the screens need (the
 * people, the requests sent, the scores' weekly activity, the latest reviews, the logo): three reads
 * (the settings, the teams, their reviews) instead of the dashboard's thirteen, for the milestones
 * consumer, which runs after every counted review.
 */
export async function loadBoardFigures(db: Db, workspace: Workspace, wallboard: Wallboard | null = null, now = new Date()): Promise<BoardFigures> {
  const values = await readSettings(db, workspace.id, [...CHALLENGE_SETTING_KEYS, WORKSPACE_GOAL_KEY]);
  const clock = challengeClock(challengeSettingsOf(values, workspace), now);
  const { shown } = onWallboard(await teamScores(db, workspace, clock.challenge.start, clock.week.startsAt, { requests: false }), wallboard);
  return boardFigures(shown, wallboard, clock, values);
}

/** The teams a wallboard shows, and the ids of those on other wallboards. */
function onWallboard(scores: TeamScore[], wallboard: Wallboard | null): { shown: TeamScore[]; elsewhere: number[] } {
  const wallboardId = wallboard?.id ?? null;
  // Teams on other wallboards; a request whose team was deleted stays on the workspace's own board.
  return { shown: scores.filter((s) => s.wallboardId === wallboardId), elsewhere: scores.filter((s) => s.wallboardId !== wallboardId).map((s) => s.id) };
}

/** The totals, week and target of a wallboard showing `teams` (a team's reviews are its Google reviews confirmed). */
function boardFigures(
  teams: Pick<DashboardTeam, 'id' | 'reviews' | 'weekReviews' | 'weeklyGoal'>[],
  wallboard: Wallboard | null,
  clock: Pick<Game, 'challenge' | 'week'>,
  values: Map<string, string>,
): BoardFigures {
  const workspaceGoal = Number.parseInt(values.get(WORKSPACE_GOAL_KEY) ?? '', 10);
  return {
    teams: teams.map(({ id, weekReviews, weeklyGoal }) => ({ id, weekReviews, weeklyGoal })),
    totals: { googleReviews: teams.reduce((n, t) => n + t.reviews, 0) },
    targetReviews: wallboard?.targetReviews ?? clock.challenge.targetReviews,
    week: {
      startsAt: clock.week.startsAt.toISOString(),
      goal: wallboard?.weeklyGoal ?? (workspaceGoal > 0 ? workspaceGoal : null),
      reviews: teams.reduce((n, t) => n + t.weekReviews, 0),
    },
  };
}

/**
 * A dashboard as loaded once and shared by every reader for a short while (src/platform/live/dashboard-snapshots.ts):
 * its JSON is made once, on first use, for all the answers that send it. Its data must not be changed.
 */
export class DashboardSnapshot {
  readonly data: Dashboard;
  private text: string | undefined;

  constructor(data: Dashboard) {
    this.data = data;
  }

  private apiText: string | undefined;

  /** The dashboard as /api/dashboard answers it: JSON.stringify of the data, made once. */
  get json(): string {
    return (this.text ??= JSON.stringify(this.data));
  }

  /**
   * The dashboard as the public API answers it (GET /api/v1/dashboard), made once: each team's
   * averageRating in stars with one decimal, where the screens' payload keeps SPEC.md's ten times.
   */
  get apiJson(): string {
    return (this.apiText ??= JSON.stringify({ ...this.data, teams: this.data.teams.map((team) => ({ ...team, averageRating: team.averageRating / 10 })) }));
  }
}

/** Null only for a workspace that is not there (the live hub asks by id). */
type Kept = DashboardSnapshot | null;

/**
 * The dashboard as every reader but the milestones consumer gets it (the pages, /api/dashboard, the
 * public API, the kiosk, the live hub): the workspace's shared snapshot of that wallboard, loaded
 * again after every live notice of the workspace and at the latest after SNAPSHOT_TTL_MS.
 */
export async function sharedDashboard(database: Database, workspace: Workspace, wallboard: Wallboard | null = null): Promise<DashboardSnapshot> {
  const load = async () => new DashboardSnapshot(await loadDashboard(database.db, workspace, wallboard));
  const kept = await dashboardSnapshots<Kept>(database).store.get(workspace.id, wallboard?.id ?? null, load);
  // A null kept by the hub means the workspace was not found a moment ago; this caller has it.
  return kept ?? load();
}

/**
 * A wallboard's dashboard by ids (the live hub's read), shared as sharedDashboard's; null if there is
 * no such workspace, or no such named wallboard in it.
 */
export async function sharedDashboardById(database: Database, workspaceId: number, wallboardId: number | null = null): Promise<DashboardSnapshot | null> {
  return dashboardSnapshots<Kept>(database).store.get(workspaceId, wallboardId, async () => {
    const workspace = await findWorkspaceById(database.db, workspaceId);
    if (!workspace) return null;
    const wallboard = wallboardId === null ? null : await findWallboard(database.db, workspace, wallboardId);
    if (wallboardId !== null && !wallboard) return null;
    return new DashboardSnapshot(await loadDashboard(database.db, workspace, wallboard));
  });
}

function dashboardTeam(game: Game, s: TeamScore): DashboardTeam {
  const unknown = isUnknownTeamName(s.name);
  const scores = scoresOf(game, s.createdAt, (row) => !unknown && row.teamId === s.id);
  return {
    id: s.id,
    name: s.name,
    color: s.color,
    reviews: s.reviews,
    reviewRequestsSent: s.requests,
    googleReviewsConfirmed: s.reviews,
    averageRating: averageRatingX10(s),
    score: scores.challenge.score,
    scoreParts: { ...scores.challenge.parts, weekScore: scores.week.score },
    rank: null,
    weekReviews: s.weekReviews,
    weeklyGoal: s.weeklyGoal,
  };
}

function displayOf(values: Map<string, string>): WallboardDisplay {
  const panels = (values.get('wallboard_panels') ?? '').split(',').filter((p): p is WallboardPanel => (WALLBOARD_PANELS as readonly string[]).includes(p));
  const seconds = Number.parseInt(values.get('wallboard_rotate_seconds') ?? '', 10);
  return {
    panels: panels.length > 0 ? panels : [...DEFAULT_WALLBOARD_PANELS],
    rotateSeconds: Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_ROTATE_SECONDS,
    showReviewerNames: values.get('show_reviewer_names') !== 'false',
    showUnknownTeam: values.get('show_unknown_team') !== 'false',
  };
}

/** The newest reviews of the wallboard: its teams' own, and on the workspace's board those counting for "Unknown". */
async function loadLatestReviews(db: Db, workspaceId: number, shown: TeamScore[], elsewhere: number[], showNames: boolean): Promise<LatestReview[]> {
  const unknown = shown.find((t) => isUnknownTeamName(t.name));
  if (shown.length === 0) return [];
  const onThisBoard = unknown
    ? elsewhere.length === 0
      ? undefined
      : or(isNull(reviews.teamId), notInArray(reviews.teamId, elsewhere))
    : and(
        inArray(
          reviews.teamId,
          shown.map((t) => t.id),
        ),
        inArray(reviews.matchStatus, [...COUNTED_FOR_TEAM]),
      );
  const rows = await db
    .select({
      id: reviews.id,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
      teamId: reviews.teamId,
      status: reviews.matchStatus,
      createTime: reviews.createTime,
    })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), LIVE_REVIEW, onThisBoard))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(LATEST_REVIEWS);
  const byId = new Map(shown.map((t) => [t.id, t]));
  return rows.map((r) => {
    const counted = r.teamId !== null && COUNTED_FOR_TEAM.has(r.status) ? byId.get(r.teamId) : undefined;
    const team = counted ?? unknown ?? shown[0]!;
    const praised = r.rating > NEUTRAL_AT_OR_BELOW;
    return {
      id: r.id,
      reviewerName: showNames && praised ? firstNameAndInitial(r.reviewerName) : null,
      rating: praised ? r.rating : null,
      teamName: team.name,
      teamColor: team.color,
      createTime: r.createTime.toISOString(),
    };
  });
}
