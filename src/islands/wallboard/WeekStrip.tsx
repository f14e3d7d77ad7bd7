import type { DashboardWeek } from '#domain/game/dashboard.ts';
import { progressColor, progressPercent, timeLeftLabel } from './wallboard-figures.ts';

/** "Week N of the challenge", this week's reviews against the weekly goal, and the time left in the week. */
export function WeekStrip({ week, now }: { week: DashboardWeek; now: Date }) {
  const started = week.number > 0;
  const percent = week.goal ? progressPercent(week.reviews, week.goal) : 0;
  return (
    <div
      data-testid="wallboard-week"
      class="mt-[1.8vh] flex flex-wrap items-center gap-x-[2.5vw] gap-y-2 text-lg font-semibold text-slate-200 lg:text-[clamp(1.05rem,3vh,2.5rem)]"
    >
      <p class="font-bold text-amber-300">{started ? `Week ${week.number} of the challenge` : 'The challenge has not started yet'}</p>
      {started && (
        <p class="flex flex-1 flex-wrap items-center gap-x-[1vw] gap-y-2 tabular-nums">
          <span class="whitespace-nowrap">
            This week <span class="font-extrabold text-white">{week.reviews}</span>
            {week.goal ? ` / ${week.goal}` : ''} {week.goal || week.reviews !== 1 ? 'reviews' : 'review'}
          </span>
          {week.goal && (
            <span
              class="h-[clamp(0.6rem,1.6vh,1.25rem)] min-w-24 flex-1 overflow-hidden lg:max-w-[22vw] rounded-full bg-white/10"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label="Progress toward this week's goal"
            >
              <span
                class={`block h-full rounded-full transition-[width] duration-1000 motion-reduce:transition-none ${progressColor(week.reviews, week.goal ?? 0)}`}
                style={{ width: `${percent}%` }}
              />
            </span>
          )}
        </p>
      )}
      {started && <p class="whitespace-nowrap text-slate-300 tabular-nums">{timeLeftLabel(week.endsAt, now)}</p>}
    </div>
  );
}
