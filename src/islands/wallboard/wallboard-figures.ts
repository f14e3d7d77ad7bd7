/** Progress toward the target in whole percent, capped at 100 (SPEC.md section 9). */
export function progressPercent(reviews: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.round((reviews / target) * 100));
}

/**
 * Red below 33 %, yellow from 33 to below 66 %, green from 66 % up (SPEC.md), of the share itself:
 * 32.5 % is shown as "33%" but is below 33 %, so red.
 */
export function progressColor(reviews: number, target: number): string {
  const percent = target > 0 ? (reviews / target) * 100 : 0;
  if (percent < 33) return 'bg-red-500';
  if (percent < 66) return 'bg-amber-400';
  return 'bg-emerald-500';
}

/** The stored rating is stars x 10: 47 shows as "4.7"; nothing yet shows "0.0". */
export function ratingLabel(averageRatingX10: number): string {
  return (averageRatingX10 / 10).toFixed(1);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The time left in the challenge week, coarse enough for a screen seen from across the room:
 * "3 days 4 h left", "5 h 12 min left", "12 min left"; once the week has ended, until the next
 * data arrives, "New week starting".
 */
export function timeLeftLabel(endsAt: string, now: Date): string {
  const minutes = Math.ceil((Date.parse(endsAt) - now.getTime()) / 60_000);
  if (!(minutes > 0)) return 'New week starting';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${plural(days, 'day', 'days')} ${hours} h left`;
  if (hours > 0) return `${hours} h ${minutes % 60} min left`;
  return `${minutes} min left`;
}

/** A team's goal for the week: its own, else an even share (rounded up) of the wallboard's; null when neither is set. */
export function teamWeekGoal(team: { weeklyGoal: number | null }, weekGoal: number | null, teamCount: number): { goal: number; own: boolean } | null {
  if (team.weeklyGoal !== null) return { goal: team.weeklyGoal, own: true };
  if (weekGoal === null || teamCount <= 0) return null;
  return { goal: Math.ceil(weekGoal / teamCount), own: false };
}

/** The small print beside a team's score, what it is made of: ["12 requests · 3 reviews", "140 this week"]. */
export function scorePartsLines(parts: { requestsCounted: number; reviewsMatched: number; weekScore: number }): [string, string] {
  return [`${plural(parts.requestsCounted, 'request', 'requests')} · ${plural(parts.reviewsMatched, 'review', 'reviews')}`, `${parts.weekScore} this week`];
}

/** 0.256 -> "26%". */
export function percentLabel(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** Ranks of a list sorted best first: equal scores share a rank ("1, 2, 2, 4"). */
export function sharedRanks(scores: readonly number[]): number[] {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}
