import type { DashboardTeam } from '../../lib/dashboard.ts';
import { ratingLabel, scorePartsLines } from '../wallboard-figures.ts';
import { MaybeLink } from './MaybeLink.tsx';

export const UNKNOWN_TEAM = 'Unknown';

/** Figures grow when there are few rows of teams, so they read from across the room. */
const SIZES = [
  { score: 'text-[clamp(2.25rem,8.5vh,8rem)]', value: 'text-[clamp(1.75rem,6.5vh,6rem)]' },
  { score: 'text-[clamp(2.25rem,5.6vh,5rem)]', value: 'text-[clamp(1.75rem,4.6vh,4.25rem)]' },
  { score: 'text-[clamp(2rem,4vh,3.75rem)]', value: 'text-[clamp(1.5rem,3.4vh,3rem)]' },
];
type Size = (typeof SIZES)[number];

function Cell({ value, label, href, size }: { value: string; label: string; href?: string; size: string }) {
  return (
    <MaybeLink href={href} class="flex flex-col items-center justify-center px-1 py-[0.4vh] text-center">
      <span class={`${size} leading-none font-extrabold tabular-nums`}>{value}</span>
      <span class="mt-[0.5vh] text-sm leading-tight font-semibold whitespace-nowrap text-slate-300 lg:text-[clamp(0.8rem,2.4vh,2rem)]">{label}</span>
    </MaybeLink>
  );
}

function LeadingBadge() {
  return (
    <span class="flex shrink-0 items-center gap-1.5 rounded-full bg-amber-400/15 px-[0.8vw] py-[0.3vh] text-[clamp(0.8rem,2.4vh,1.9rem)] font-bold text-amber-300 ring-1 ring-amber-300/40">
      <svg viewBox="0 0 24 24" class="h-[2.2vh] min-h-3 w-[2.2vh] min-w-3" fill="currentColor" aria-hidden="true">
        <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.35A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.35 12H8a4 4 0 0 1-4-4V5h3V3Zm-1 4v1a2 2 0 0 0 2 2V7H6Zm12 0h-2v3a2 2 0 0 0 2-2V7Z" />
      </svg>
      Leading
    </span>
  );
}

function TeamCard({ team, slug, links, size }: { team: DashboardTeam; slug: string; links: boolean; size: Size }) {
  const unknown = team.name === UNKNOWN_TEAM;
  // The score decides the lead, not the raw count of reviews (issue 13): a busy season wins nobody the badge.
  const leading = team.rank === 1 && team.score > 0;
  return (
    <article
      data-testid="team-card"
      class="flex min-h-0 flex-col justify-between gap-[1vh] overflow-hidden rounded-3xl bg-slate-900/80 px-4 pt-4 pb-3 ring-1 ring-white/10 lg:px-[1.4vw] lg:pt-[2vh] lg:pb-[1.4vh]"
      style={{ boxShadow: `inset 0 0.6vh 0 ${team.color}` }}
    >
      <div class="flex items-center justify-between gap-3 lg:gap-[1vw]">
        <div class="flex min-w-0 items-center gap-2 text-[clamp(1.4rem,3.8vh,3.25rem)] leading-tight font-bold lg:gap-[0.8vw]">
          {team.rank !== null ? (
            <span data-testid="team-rank" class="shrink-0 rounded-xl border-[0.35vh] px-[0.5vw] text-[0.8em] font-black tabular-nums" style={{ borderColor: team.color }}>
              #{team.rank}
            </span>
          ) : (
            <span class="h-[1.8vh] min-h-3 w-[1.8vh] min-w-3 shrink-0 rounded-full" style={{ backgroundColor: team.color }} aria-hidden="true" />
          )}
          <h2 class="truncate">{team.name}</h2>
        </div>
        {leading && <LeadingBadge />}
      </div>
      {unknown ? (
        <p class="text-base leading-snug text-slate-300 lg:text-[clamp(0.9rem,2.5vh,2rem)]">Reviews not matched to a request yet</p>
      ) : (
        <div class="flex items-end justify-between gap-[1vw]">
          <p class="flex shrink-0 items-baseline gap-[0.6vw]">
            <span data-testid="team-score" class={`${size.score} leading-none font-black text-amber-300 tabular-nums`}>
              {team.score}
            </span>
            <span class="text-[clamp(0.9rem,2.6vh,2.1rem)] font-bold text-slate-300">points</span>
          </p>
          <p class="text-right text-sm leading-snug text-slate-400 lg:text-[clamp(0.8rem,2.2vh,1.75rem)]">
            {scorePartsLines(team.scoreParts).map((line) => (
              <span key={line} class="block">
                {line}
              </span>
            ))}
          </p>
        </div>
      )}
      <div class="flex items-center justify-around gap-[0.5vw]">
        <Cell size={size.value} value={ratingLabel(team.averageRating)} label="Avg Rating" />
        {!unknown && <Cell size={size.value} value={String(team.reviewRequestsSent)} label="Requests" href={links ? `/${slug}/requests-report` : undefined} />}
        <Cell size={size.value} value={String(team.googleReviewsConfirmed)} label="Total Reviews" href={links ? `/${slug}/reviews?team=${team.id}` : undefined} />
      </div>
    </article>
  );
}

/** The team cards (SPEC.md section 2): alphabetical, each with its score, rank and what the score is made of. */
export function TeamsPanel({ teams, slug, links }: { teams: DashboardTeam[]; slug: string; links: boolean }) {
  if (teams.length === 0) {
    return <p class="flex flex-1 items-center justify-center text-[clamp(1.25rem,3.5vh,2.5rem)] text-slate-300">No teams found. Check data loading.</p>;
  }
  const rows = Math.max(1, Math.ceil(teams.length / 3));
  return (
    <div
      class="grid h-full grid-cols-1 gap-[2vh] md:grid-cols-2 lg:min-h-0 lg:grid-cols-3"
      style={{ gridAutoRows: `minmax(0, calc((100% - ${(rows - 1) * 2}vh) / ${rows}))` }}
    >
      {teams.map((team) => (
        <TeamCard key={team.id} team={team} slug={slug} links={links} size={SIZES[Math.min(rows, 3) - 1]!} />
      ))}
    </div>
  );
}
