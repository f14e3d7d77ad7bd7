import type { ComponentChildren } from 'preact';
import type { Dashboard } from '#domain/game/dashboard.ts';
import type { WallboardPanel } from '#shared/settings-rules.ts';
import { progressColor, progressPercent } from './wallboard-figures.ts';
import { LatestPanel } from './LatestPanel.tsx';
import { MaybeLink } from './MaybeLink.tsx';
import { PANEL_TITLES, panelsToShow } from './panels.ts';
import { DeskCardsPanel } from './DeskCardsPanel.tsx';
import { PeoplePanel } from './PeoplePanel.tsx';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import { DEFAULT_TARGET_REVIEWS } from '#shared/settings-rules.ts';
import { TeamsPanel } from './TeamsPanel.tsx';
import { useRotation } from './use-rotation.ts';
import { WeekPanel } from './WeekPanel.tsx';
import { WeekStrip } from './WeekStrip.tsx';

/** What a wallboard with no review yet says instead of a bare "0 / 120": what to do next. */
function NoReviewsYet({ slug, links, hasTeams }: { slug: string; links: boolean; hasTeams: boolean }) {
  return (
    <section
      aria-label="No reviews yet"
      data-testid="no-reviews-yet"
      data-empty-state
      class="rounded-3xl bg-white/5 p-[2.5vh] ring-1 ring-white/10 lg:px-[2.5vw]"
    >
      <p class="text-[clamp(1.1rem,3vh,2.25rem)] font-bold">No reviews yet: the challenge starts with the first request.</p>
      {links ? (
        <p class="mt-2 text-[clamp(0.95rem,2.2vh,1.6rem)] text-slate-300">
          {hasTeams ? 'Next: ' : 'Next: add your teams in the '}
          {hasTeams ? (
            <>
              <a class="font-semibold text-amber-300 underline" href={`/${slug}/review-request`}>
                log a review request
              </a>{' '}
              for a happy customer, or send a test review from the{' '}
            </>
          ) : null}
          <a class="font-semibold text-amber-300 underline" href={`/${slug}/admin`}>
            admin panel
          </a>
          . Every review that arrives shows here with a celebration.
        </p>
      ) : (
        <p class="mt-2 text-[clamp(0.95rem,2.2vh,1.6rem)] text-slate-300">Reviews appear here, with a celebration, as customers write them.</p>
      )}
    </section>
  );
}

/** Which panel shows, and the others in the rotation; a label picks one (its timer starts again). */
function PanelIndicator({ panels, shown, onPick }: { panels: readonly WallboardPanel[]; shown: WallboardPanel; onPick: (panel: WallboardPanel) => void }) {
  return (
    <ol aria-label="Wallboard panels" class="flex flex-wrap items-center gap-x-1 gap-y-1 lg:gap-x-[1vw]">
      {panels.map((panel) => (
        <li key={panel}>
          <button
            type="button"
            aria-current={panel === shown ? 'true' : undefined}
            disabled={panels.length < 2}
            onClick={() => onPick(panel)}
            class="flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-bold lg:gap-[0.6vw] lg:px-[1vw] lg:py-[0.4vh] lg:text-[clamp(1rem,2.8vh,2.25rem)] text-slate-400 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-white disabled:hover:text-white aria-[current=true]:bg-white/10 aria-[current=true]:text-white"
          >
            <span class={`h-[1.3vh] min-h-2 w-[1.3vh] min-w-2 rounded-full ${panel === shown ? 'bg-amber-300' : 'bg-slate-600'}`} aria-hidden="true" />
            {PANEL_TITLES[panel]}
          </button>
        </li>
      ))}
    </ol>
  );
}

export interface WallboardViewProps {
  dashboard: Dashboard;
  slug: string;
  /** Links into the workspace (admin panel, reviews, requests report); off on kiosk and demo screens. */
  links: boolean;
  /** The small status line in the corner, and whether its dot is green. */
  status: { text: string; ok: boolean };
  /** The wallboard's clock: the week's time left and the latest reviews' ages. */
  now: Date;
  /** Shown above the header card (the demo's banner). */
  banner?: ComponentChildren;
  /** Rendered last inside the screen: the celebration overlay and any hidden controls. */
  children?: ComponentChildren;
}

/**
 * The wall display as drawn from one dashboard payload (SPEC.md section 2, "/{slug}"): the header
 * card with the name, total, target, progress bar and the challenge week, then the admin's panels
 * (teams, people, this week, latest reviews, the desk cards' codes), one at a time when there are several. No data
 * fetching here: the live wallboard and the demo both feed it.
 */
export default function WallboardView({ dashboard, slug, links, status, now, banner, children }: WallboardViewProps) {
  const { display } = dashboard;
  const panels = panelsToShow(display.panels, dashboard.deskCards.length);
  const [panel, pick] = useRotation(panels, display.rotateSeconds);
  const target = dashboard.targetReviews || DEFAULT_TARGET_REVIEWS;
  const total = dashboard.totals.googleReviews;
  const percent = progressPercent(total, target);
  const hasName = dashboard.companyName.trim() !== '';
  const teams = display.showUnknownTeam ? dashboard.teams : dashboard.teams.filter((t) => !isUnknownTeamName(t.name));
  const competing = dashboard.teams.filter((t) => !isUnknownTeamName(t.name));

  return (
    <main class="flex min-h-screen flex-col gap-[1.6vh] bg-slate-950 p-[2vh] text-white lg:h-[calc(100vh-var(--wallboard-offset,0px))] lg:min-h-0 lg:overflow-hidden lg:p-[3vh]">
      {banner}
      <header class="rounded-3xl bg-gradient-to-br from-indigo-950 via-slate-900 to-slate-900 p-[2.5vh] ring-1 ring-white/10 lg:px-[2.5vw]">
        <div class="flex flex-wrap items-center justify-between gap-[2vh]">
          <MaybeLink href={links ? `/${slug}/admin` : undefined} class="flex min-w-0 items-center gap-[1.5vw] p-1">
            {dashboard.companyLogo && (
              <img src={dashboard.companyLogo} alt="" class="h-[clamp(3rem,9vh,7.5rem)] w-auto max-w-[30vw] rounded-xl bg-white object-contain p-1.5" />
            )}
            <div class="min-w-0">
              <p class="text-[clamp(0.8rem,2vh,1.6rem)] font-semibold tracking-[0.2em] text-amber-300 uppercase">{hasName ? 'Review Challenge' : 'Team'}</p>
              <h1 class="text-[clamp(1.6rem,5vh,4.25rem)] leading-tight font-extrabold break-words lg:truncate">
                {hasName ? dashboard.companyName : 'Review Challenge'}
              </h1>
            </div>
            {/* Named by what it shows, then where it goes: a spoken name holds the visible words (WCAG 2.5.3). */}
            {links && <span class="sr-only">, open the admin panel</span>}
          </MaybeLink>
          <MaybeLink href={links ? `/${slug}/reviews` : undefined} class="flex items-baseline gap-[0.8vw] px-2 py-1">
            <span data-testid="total-count" class="text-[clamp(3rem,10vh,8.5rem)] leading-none font-black text-white tabular-nums">
              {total}
            </span>
            <span class="text-[clamp(1.25rem,4vh,3.25rem)] font-bold text-slate-400 tabular-nums">/ {target}</span>
            <span class="sr-only">reviews of the target{links ? ', see all reviews' : ''}</span>
          </MaybeLink>
        </div>
        <div class="mt-[1.6vh] flex items-center gap-[1.5vw]">
          <div
            class="h-[clamp(0.9rem,2.4vh,2rem)] flex-1 overflow-hidden rounded-full bg-white/10"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label="Progress toward the review target"
          >
            <div
              data-testid="progress-fill"
              class={`h-full rounded-full transition-[width] duration-1000 motion-reduce:transition-none ${progressColor(total, target)}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span class="w-[4.5ch] text-right text-[clamp(1.1rem,3.4vh,2.75rem)] font-bold tabular-nums">{percent}%</span>
        </div>
        <WeekStrip week={dashboard.week} now={now} />
      </header>

      {/* The codes' panel is for customers, and needs the room: the admin's next step waits. */}
      {total === 0 && panel !== 'desk-cards' && <NoReviewsYet slug={slug} links={links} hasTeams={competing.length > 0} />}

      <PanelIndicator panels={panels} shown={panel} onPick={pick} />
      <section
        key={panel}
        aria-label={PANEL_TITLES[panel]}
        data-testid={`wallboard-panel-${panel}`}
        class="flex-1 motion-safe:animate-[wallboard-panel-in_0.5s_ease-out] lg:min-h-0"
      >
        {panel === 'teams' && <TeamsPanel teams={teams} slug={slug} links={links} />}
        {panel === 'people' && <PeoplePanel people={dashboard.people} />}
        {panel === 'week' && <WeekPanel teams={competing} weekGoal={dashboard.week.goal} slug={slug} links={links} />}
        {panel === 'latest' && <LatestPanel reviews={dashboard.latestReviews} now={now} />}
        {panel === 'desk-cards' && <DeskCardsPanel cards={dashboard.deskCards} />}
      </section>

      <p
        class="pointer-events-none flex items-center justify-end gap-2 text-[clamp(0.7rem,1.5vh,1rem)] text-slate-400 lg:fixed lg:right-[1.5vw] lg:bottom-[1vh]"
        aria-live="polite"
      >
        <span class={`h-2 w-2 rounded-full ${status.ok ? 'bg-emerald-400' : 'bg-amber-400'}`} aria-hidden="true" />
        {status.text}
      </p>
      {children}
    </main>
  );
}
