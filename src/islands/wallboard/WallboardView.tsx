import type { ComponentChildren } from 'preact';
import type { Dashboard, DashboardTeam } from '../../lib/dashboard.ts';
import { progressColor, progressPercent, ratingLabel } from '../wallboard-figures.ts';

export const DEFAULT_TARGET_REVIEWS = 120;
export const UNKNOWN_TEAM = 'Unknown';

function MaybeLink({ href, class: className, children, label }: { href?: string; class?: string; children: ComponentChildren; label?: string }) {
  return href ? (
    <a href={href} class={`${className ?? ''} rounded-2xl transition hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-white`} aria-label={label}>
      {children}
    </a>
  ) : (
    <div class={className}>{children}</div>
  );
}

/** Figures grow when there are few rows of teams, so they read from across the room. */
const VALUE_SIZE = ['text-[clamp(2rem,9vh,7.5rem)]', 'text-[clamp(2rem,7vh,6rem)]', 'text-[clamp(1.75rem,5.2vh,4.75rem)]'];

function Cell({ value, label, href, size }: { value: string; label: string; href?: string; size: string }) {
  return (
    <MaybeLink href={href} class="flex flex-col items-center justify-center px-1 py-[1vh] text-center">
      <span class={`${size} leading-none font-extrabold tabular-nums`}>{value}</span>
      <span class="mt-[0.9vh] text-[clamp(0.65rem,1.6vh,1.25rem)] font-semibold whitespace-nowrap text-slate-300 uppercase lg:tracking-wide">
        {label}
      </span>
    </MaybeLink>
  );
}

function TeamCard({ team, slug, links, leading, size }: { team: DashboardTeam; slug: string; links: boolean; leading: boolean; size: string }) {
  const unknown = team.name === UNKNOWN_TEAM;
  return (
    <article
      data-testid="team-card"
      class="flex min-h-0 flex-col overflow-hidden rounded-3xl bg-slate-900/80 ring-1 ring-white/10"
      style={{ boxShadow: `inset 0 0.6vh 0 ${team.color}` }}
    >
      <div class="flex items-center justify-between gap-3 px-4 pt-4 lg:gap-[1vw] lg:px-[1.4vw] lg:pt-[2.2vh]">
        <h2 class="flex min-w-0 items-center gap-2 text-[clamp(1.25rem,3.6vh,3rem)] font-bold lg:gap-[0.8vw]">
          <span class="h-[1.6vh] min-h-3 w-[1.6vh] min-w-3 shrink-0 rounded-full" style={{ backgroundColor: team.color }} aria-hidden="true" />
          <span class="truncate">{team.name}</span>
        </h2>
        {leading && (
          <span class="flex shrink-0 items-center gap-1.5 rounded-full bg-amber-400/15 px-[0.8vw] py-[0.4vh] text-[clamp(0.7rem,1.6vh,1.2rem)] font-bold text-amber-300 ring-1 ring-amber-300/40">
            <svg viewBox="0 0 24 24" class="h-[1.8vh] min-h-3 w-[1.8vh] min-w-3" fill="currentColor" aria-hidden="true">
              <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.35A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.35 12H8a4 4 0 0 1-4-4V5h3V3Zm-1 4v1a2 2 0 0 0 2 2V7H6Zm12 0h-2v3a2 2 0 0 0 2-2V7Z" />
            </svg>
            Leading
          </span>
        )}
      </div>
      <div class={`grid flex-1 items-center ${unknown ? 'grid-cols-2' : 'grid-cols-3'} gap-1 px-2 pt-2 pb-3 lg:px-[0.8vw] lg:pb-[1.8vh]`}>
        <Cell size={size} value={ratingLabel(team.averageRating)} label="Avg Rating" />
        {!unknown && (
          <Cell size={size} value={String(team.reviewRequestsSent)} label="Requests" href={links ? `/${slug}/requests-report` : undefined} />
        )}
        <Cell
          size={size}
          value={String(team.googleReviewsConfirmed)}
          label="Total Reviews"
          href={links ? `/${slug}/reviews?team=${team.id}` : undefined}
        />
      </div>
    </article>
  );
}

/** What a wallboard with no review yet says instead of a bare "0 / 120": what to do next. */
function NoReviewsYet({ slug, links, hasTeams }: { slug: string; links: boolean; hasTeams: boolean }) {
  return (
    <section aria-label="No reviews yet" data-testid="no-reviews-yet" class="rounded-3xl bg-white/5 p-[2.5vh] ring-1 ring-white/10 lg:px-[2.5vw]">
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

export interface WallboardViewProps {
  dashboard: Dashboard;
  slug: string;
  /** Links into the workspace (admin panel, reviews, requests report); off on kiosk and demo screens. */
  links: boolean;
  /** The small status line in the corner, and whether its dot is green. */
  status: { text: string; ok: boolean };
  /** Shown above the header card (the demo's banner). */
  banner?: ComponentChildren;
  /** Rendered last inside the screen: the celebration overlay and any hidden controls. */
  children?: ComponentChildren;
}

/**
 * The wall display as drawn from one dashboard payload (SPEC.md section 2, "/{slug}"): the header
 * card with the name, total, target and progress bar, and the team cards. No data fetching here:
 * the live wallboard and the demo both feed it.
 */
export default function WallboardView({ dashboard, slug, links, status, banner, children }: WallboardViewProps) {
  const target = dashboard.targetReviews || DEFAULT_TARGET_REVIEWS;
  const total = dashboard.totals.googleReviews;
  const percent = progressPercent(total, target);
  const hasName = dashboard.companyName.trim() !== '';
  const rows = Math.max(1, Math.ceil(dashboard.teams.length / 3));
  const size = VALUE_SIZE[Math.min(rows, 3) - 1]!;
  const best = Math.max(0, ...dashboard.teams.filter((t) => t.name !== UNKNOWN_TEAM).map((t) => t.googleReviewsConfirmed));

  return (
    <main class="flex min-h-screen flex-col gap-[2vh] bg-slate-950 p-[2vh] text-white lg:h-[calc(100vh-var(--wallboard-offset,0px))] lg:min-h-0 lg:overflow-hidden lg:p-[3vh]">
      {banner}
      <header class="rounded-3xl bg-gradient-to-br from-indigo-950 via-slate-900 to-slate-900 p-[2.5vh] ring-1 ring-white/10 lg:px-[2.5vw]">
        <div class="flex flex-wrap items-center justify-between gap-[2vh]">
          <MaybeLink href={links ? `/${slug}/admin` : undefined} class="flex min-w-0 items-center gap-[1.5vw] p-1" label={links ? 'Open the admin panel' : undefined}>
            {dashboard.companyLogo && (
              <img src={dashboard.companyLogo} alt="" class="h-[clamp(3rem,9vh,7.5rem)] w-auto max-w-[30vw] rounded-xl bg-white object-contain p-1.5" />
            )}
            <div class="min-w-0">
              <p class="text-[clamp(0.8rem,1.8vh,1.4rem)] font-semibold tracking-[0.2em] text-amber-300 uppercase">
                {hasName ? 'Review Challenge' : 'Team'}
              </p>
              <h1 class="text-[clamp(1.6rem,5vh,4.25rem)] leading-tight font-extrabold break-words lg:truncate">{hasName ? dashboard.companyName : 'Review Challenge'}</h1>
            </div>
          </MaybeLink>
          <MaybeLink href={links ? `/${slug}/reviews` : undefined} class="flex items-baseline gap-[0.8vw] px-2 py-1" label={links ? 'See all reviews' : undefined}>
            <span data-testid="total-count" class="text-[clamp(3rem,12vh,10rem)] leading-none font-black text-white tabular-nums">
              {total}
            </span>
            <span class="text-[clamp(1.25rem,4vh,3.25rem)] font-bold text-slate-400 tabular-nums">/ {target}</span>
            <span class="sr-only">reviews of the target</span>
          </MaybeLink>
        </div>
        <div class="mt-[2vh] flex items-center gap-[1.5vw]">
          <div
            class="h-[clamp(0.9rem,2.6vh,2rem)] flex-1 overflow-hidden rounded-full bg-white/10"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label="Progress toward the review target"
          >
            <div data-testid="progress-fill" class={`h-full rounded-full transition-[width] duration-1000 ${progressColor(percent)}`} style={{ width: `${percent}%` }} />
          </div>
          <span class="w-[4.5ch] text-right text-[clamp(1.1rem,3.4vh,2.75rem)] font-bold tabular-nums">{percent}%</span>
        </div>
      </header>

      {total === 0 && <NoReviewsYet slug={slug} links={links} hasTeams={dashboard.teams.some((t) => t.name !== UNKNOWN_TEAM)} />}

      {dashboard.teams.length === 0 ? (
        <p class="flex flex-1 items-center justify-center text-[clamp(1.25rem,3.5vh,2.5rem)] text-slate-300">No teams found. Check data loading.</p>
      ) : (
        <section
          aria-label="Teams"
          class="grid flex-1 grid-cols-1 gap-[2vh] md:grid-cols-2 lg:min-h-0 lg:grid-cols-3"
          style={{ gridAutoRows: `minmax(0, calc((100% - ${(rows - 1) * 2}vh) / ${rows}))` }}
        >
          {dashboard.teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              slug={slug}
              links={links}
              size={size}
              leading={best > 0 && team.name !== UNKNOWN_TEAM && team.googleReviewsConfirmed === best}
            />
          ))}
        </section>
      )}

      <p class="pointer-events-none flex items-center justify-end gap-2 text-[clamp(0.7rem,1.5vh,1rem)] text-slate-400 lg:fixed lg:right-[1.5vw] lg:bottom-[1vh]" aria-live="polite">
        <span class={`h-2 w-2 rounded-full ${status.ok ? 'bg-emerald-400' : 'bg-amber-400'}`} aria-hidden="true" />
        {status.text}
      </p>
      {children}
    </main>
  );
}
