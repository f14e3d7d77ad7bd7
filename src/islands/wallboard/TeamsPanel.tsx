import type { ComponentChildren } from 'preact';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import type { DashboardTeam } from '#domain/game/dashboard.ts';
import { ratingLabel, scorePartsLines } from './wallboard-figures.ts';
import { MaybeLink } from './MaybeLink.tsx';

// On a large screen each card is a size container (src/styles/global.css, "Team cards"): its words
// and figures are sized from the card's own width and height, so they fill it and never spill out,
// whatever the screen, the number of teams, or what else the board shows above them; a short card
// lays the same figures out in two lines.

function Cell({ value, label, href }: { value: string; label: string; href?: string }) {
  return (
    <MaybeLink href={href} class="team-card-cell flex min-w-0 flex-col items-center justify-center px-1 text-center">
      <span class="team-card-value text-[1.75rem] leading-none font-extrabold tabular-nums">{value}</span>
      <span class="team-card-label mt-1 text-sm leading-tight font-semibold whitespace-nowrap text-slate-300">{label}</span>
    </MaybeLink>
  );
}

function LeadingBadge() {
  return (
    <span class="team-card-badge flex shrink-0 items-center gap-[0.3em] rounded-full bg-amber-400/15 px-[0.6em] py-[0.15em] text-sm font-bold text-amber-300 ring-1 ring-amber-300/40">
      <svg viewBox="0 0 24 24" class="h-[1em] w-[1em]" fill="currentColor" aria-hidden="true">
        <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.35A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.35 12H8a4 4 0 0 1-4-4V5h3V3Zm-1 4v1a2 2 0 0 0 2 2V7H6Zm12 0h-2v3a2 2 0 0 0 2-2V7Z" />
      </svg>
      <span class="team-card-badge-word">Leading</span>
    </span>
  );
}

function TeamCard({ team, slug, links }: { team: DashboardTeam; slug: string; links: boolean }) {
  const unknown = isUnknownTeamName(team.name);
  // The score decides the lead, not the raw count of reviews (issue 13): a busy season wins nobody the badge.
  const leading = team.rank === 1 && team.score > 0;
  return (
    <article
      data-testid="team-card"
      class="team-card min-h-0 overflow-hidden rounded-3xl bg-slate-900/80 ring-1 ring-white/10"
      style={{ boxShadow: `inset 0 0.6vh 0 ${team.color}` }}
    >
      <div class="team-card-body flex h-full flex-col justify-between gap-2 px-4 pt-4 pb-3">
        <div class="team-card-head flex min-w-0 items-center justify-between gap-[0.5em]">
          <div class="team-card-name flex min-w-0 items-center gap-[0.35em] text-[1.4rem] leading-tight font-bold">
            {team.rank !== null ? (
              <span
                data-testid="team-rank"
                class="shrink-0 rounded-[0.3em] border-[0.08em] px-[0.2em] text-[0.8em] font-black tabular-nums"
                style={{ borderColor: team.color }}
              >
                #{team.rank}
              </span>
            ) : (
              <span class="h-[0.5em] w-[0.5em] shrink-0 rounded-full" style={{ backgroundColor: team.color }} aria-hidden="true" />
            )}
            <h2 class="truncate">{team.name}</h2>
          </div>
          {leading && <LeadingBadge />}
        </div>
        {unknown ? (
          <p class="team-card-parts text-base leading-snug text-slate-300">Reviews not matched to a request yet</p>
        ) : (
          <div class="team-card-main flex items-end justify-between gap-[1em]">
            <p class="flex shrink-0 items-baseline gap-[0.25em]">
              <span data-testid="team-score" class="team-card-score text-[2.25rem] leading-none font-black text-amber-300 tabular-nums">
                {team.score}
              </span>
              <span class="team-card-points text-base font-bold text-slate-300">points</span>
            </p>
            <p class="team-card-parts text-right text-sm leading-snug whitespace-nowrap text-slate-400">
              {scorePartsLines(team.scoreParts).map((line) => (
                <span key={line} class="block">
                  {line}
                </span>
              ))}
            </p>
          </div>
        )}
        <div class="team-card-cells flex items-center justify-around gap-[0.5em]">
          <Cell value={ratingLabel(team.averageRating)} label="Avg Rating" />
          {!unknown && <Cell value={String(team.reviewRequestsSent)} label="Requests" href={links ? `/${slug}/requests-report` : undefined} />}
          <Cell value={String(team.googleReviewsConfirmed)} label="Total Reviews" href={links ? `/${slug}/reviews?team=${team.id}` : undefined} />
        </div>
      </div>
    </article>
  );
}

/** Columns on a large screen: a row of up to three cards, then rows of three, then of four. */
export function teamColumns(cards: number): number {
  return cards <= 3 ? Math.max(cards, 1) : cards <= 6 ? 3 : 4;
}

/** Where the admin adds teams: the admin panel's Team Management card. */
export const addTeamHref = (slug: string) => `/${slug}/admin#card-team-management`;

/**
 * A wallboard with no team to show: the panel's own words, then what it means and the next step (a link
 * on a signed-in screen; on a kiosk or TV, who does it).
 */
export function NoTeams({ slug, links, children }: { slug: string; links: boolean; children: ComponentChildren }) {
  return (
    <div class="flex flex-1 flex-col items-center justify-center gap-[1.5vh] rounded-3xl bg-white/5 p-8 text-center ring-1 ring-white/10" data-empty-state>
      <p class="text-[clamp(1.25rem,3.5vh,2.5rem)] font-bold text-slate-100">{children}</p>
      <p class="max-w-3xl text-[clamp(1rem,2.6vh,2rem)] text-slate-300">
        This wallboard has no teams to show yet: each team gets a card here with its reviews and requests.
      </p>
      {links ? (
        <a
          href={addTeamHref(slug)}
          class="rounded-xl bg-amber-400 px-5 py-2.5 text-[clamp(1rem,2.4vh,1.75rem)] font-bold text-slate-900 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-white"
        >
          Add your first team
        </a>
      ) : (
        <p class="text-[clamp(1rem,2.6vh,2rem)] text-slate-300">Teams show up here as soon as they are added in the admin panel.</p>
      )}
    </div>
  );
}

/** The team cards (SPEC.md section 2): alphabetical, each with its score, rank and what the score is made of. */
export function TeamsPanel({ teams, slug, links }: { teams: DashboardTeam[]; slug: string; links: boolean }) {
  if (teams.length === 0) {
    return (
      <NoTeams slug={slug} links={links}>
        {/* SPEC.md's words, with what they mean and what to do right under them. */}
        No teams found. Check data loading.
      </NoTeams>
    );
  }
  const columns = teamColumns(teams.length);
  const rows = Math.ceil(teams.length / columns);
  // The rows share the panel's height on a large screen; a phone's cards take the height they need.
  return (
    <div class="team-cards grid grid-cols-1 gap-[2vh] md:grid-cols-2 lg:h-full lg:min-h-0" style={{ '--team-columns': columns, '--team-rows': rows }}>
      {teams.map((team) => (
        <TeamCard key={team.id} team={team} slug={slug} links={links} />
      ))}
    </div>
  );
}
