import { addDays, daysBetween, localDateOf, startOfDayIn } from '#shared/time.ts';

// The challenge week (issue 13): it starts on the weekday of the challenge's first day, at midnight in
// the workspace's time zone, so "Week 1" is the challenge's first seven days. Weeks are counted in
// calendar days, which keeps a week seven days long on the wall clock across a daylight-saving change.

export interface ChallengeWeek {
  /** 1 for the challenge's first week; 0 or less before the challenge starts. */
  number: number;
  /** The week's first day (YYYY-MM-DD, workspace time). */
  firstDay: string;
  startsAt: Date;
  /** The next week's start: the week is [startsAt, endsAt). */
  endsAt: Date;
}

/** The challenge week holding `at`, for a challenge whose first day is `startDay` in `timeZone`. */
export function challengeWeekAt(at: Date, startDay: string, timeZone: string): ChallengeWeek {
  const index = Math.floor(daysBetween(startDay, localDateOf(at, timeZone)) / 7);
  return weekOfIndex(index, startDay, timeZone);
}

/** The challenge week numbered `index + 1`. */
export function weekOfIndex(index: number, startDay: string, timeZone: string): ChallengeWeek {
  const firstDay = addDays(startDay, index * 7);
  return {
    number: index + 1,
    firstDay,
    startsAt: startOfDayIn(firstDay, timeZone)!,
    endsAt: startOfDayIn(addDays(firstDay, 7), timeZone)!,
  };
}

/** The 0-based week a calendar day falls in (negative before the challenge). */
export function weekIndexOfDay(day: string, startDay: string): number {
  return Math.floor(daysBetween(startDay, day) / 7);
}
