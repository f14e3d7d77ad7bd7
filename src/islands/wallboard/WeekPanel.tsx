import type { DashboardTeam } from '#domain/game/dashboard.ts';
import { NoTeams } from './TeamsPanel.tsx';
import { progressColor, progressPercent, teamWeekGoal } from './wallboard-figures.ts';

/** This week per team: reviews against the team's goal (its own, or its share of the wallboard's) and the week's score. */
export function WeekPanel({ teams, weekGoal, slug, links }: { teams: DashboardTeam[]; weekGoal: number | null; slug: string; links: boolean }) {
  if (teams.length === 0) {
    return (
      <NoTeams slug={slug} links={links}>
        No teams yet.
      </NoTeams>
    );
  }
  return (
    <ul class="flex h-full flex-col gap-[1.5vh]">
      {teams.map((team) => {
        const target = teamWeekGoal(team, weekGoal, teams.length);
        const percent = target ? progressPercent(team.weekReviews, target.goal) : 0;
        return (
          <li
            key={team.id}
            data-testid="week-team"
            class="grid grid-cols-[1fr_auto] items-center gap-x-[1.5vw] gap-y-2 rounded-3xl bg-slate-900/80 px-4 py-3 ring-1 ring-white/10 lg:max-h-[16vh] lg:flex-1 lg:grid-cols-[minmax(0,1fr)_13vw_minmax(0,1.3fr)_21vw] lg:px-[1.4vw] lg:py-[1vh]"
          >
            <p class="flex min-w-0 items-center gap-[0.8vw] text-[clamp(1.25rem,3.6vh,3rem)] font-bold">
              <span class="h-[1.8vh] min-h-3 w-[1.8vh] min-w-3 shrink-0 rounded-full" style={{ backgroundColor: team.color }} aria-hidden="true" />
              <span class="truncate">{team.name}</span>
            </p>
            <p class="text-right text-[clamp(1.25rem,3.6vh,3rem)] leading-none font-extrabold tabular-nums">
              {team.weekReviews}
              {target && <span class="text-slate-400"> / {target.goal}</span>}
              <span class="block text-[clamp(0.8rem,2.3vh,1.8rem)] font-semibold text-slate-400">
                {target ? (target.own ? 'team goal' : 'share of the goal') : team.weekReviews === 1 ? 'review' : 'reviews'}
              </span>
            </p>
            <div class="col-span-2 h-[clamp(0.75rem,2vh,1.6rem)] overflow-hidden rounded-full bg-white/10 lg:col-span-1" aria-hidden="true">
              {target && (
                <div
                  class={`h-full rounded-full transition-[width] duration-1000 motion-reduce:transition-none ${progressColor(team.weekReviews, target.goal)}`}
                  style={{ width: `${percent}%` }}
                />
              )}
            </div>
            <p class="col-span-2 text-[clamp(1rem,3vh,2.5rem)] text-slate-300 tabular-nums lg:col-span-1 lg:text-right">
              <span class="font-black text-amber-300">{team.scoreParts.weekScore}</span> points this week
            </p>
          </li>
        );
      })}
    </ul>
  );
}
