import { useEffect, useRef, useState } from 'preact/hooks';
import type { LeaderboardPeriod, LeaderboardPerson } from '#domain/game/standings.ts';
import { useLiveReload } from './live/use-live-reload.ts';
import { PageHeader } from './ui/PageHeader.tsx';

interface Props {
  slug: string;
  businessName: string;
  /** This week's board as the server rendered it; null when it could not read it. */
  initialWeek: LeaderboardPerson[] | null;
}

const PERIODS: { id: LeaderboardPeriod; label: string }[] = [
  { id: 'week', label: 'This week' },
  { id: 'challenge', label: 'Whole challenge' },
];

/** Equal scores share a rank (1, 1, 3); the people come sorted by score. */
function ranks(people: LeaderboardPerson[]): number[] {
  return people.map((p, i) => (i > 0 && people[i - 1]!.score === p.score ? people.findIndex((q) => q.score === p.score) + 1 : i + 1));
}

const percent = (p: LeaderboardPerson) => (p.requestsSent === 0 ? '–' : `${Math.round(p.conversion * 100)}%`);
const points = (score: number) => (Number.isInteger(score) ? String(score) : score.toFixed(1));

/** Both periods, each read on first view and again on every live data event while it is shown. */
function useLeaderboard(period: LeaderboardPeriod, initialWeek: LeaderboardPerson[] | null) {
  const [boards, setBoards] = useState<Partial<Record<LeaderboardPeriod, LeaderboardPerson[]>>>(initialWeek ? { week: initialWeek } : {});
  const [failed, setFailed] = useState(false);
  const shown = useRef(period);
  shown.current = period;
  const reload = async () => {
    const asked = shown.current;
    try {
      const response = await fetch(`/api/leaderboard?period=${asked}`, { credentials: 'include', cache: 'no-store' });
      if (!response.ok) throw new Error(`${response.status}`);
      const { people } = (await response.json()) as { people: LeaderboardPerson[] };
      setBoards((current) => ({ ...current, [asked]: people }));
      setFailed(false);
    } catch (error) {
      console.warn('Could not read the leaderboard', error);
      setFailed(true);
    }
  };
  // The server rendered this week's board; every later switch reads the period afresh.
  const rendered = useRef(initialWeek !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the period changes; reload reads the period itself
  useEffect(() => {
    if (rendered.current) rendered.current = false;
    else void reload();
  }, [period]);
  useLiveReload(reload);
  return { people: boards[period] ?? null, failed, reload };
}

function Medal({ rank }: { rank: number }) {
  const tone =
    rank === 1
      ? 'bg-amber-400 text-amber-950'
      : rank === 2
        ? 'bg-slate-300 text-slate-900'
        : rank === 3
          ? 'bg-orange-300 text-orange-950'
          : 'bg-slate-100 text-slate-600';
  return <span class={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums ${tone}`}>{rank}</span>;
}

function Board({ people }: { people: LeaderboardPerson[] }) {
  const rank = ranks(people);
  return (
    <>
      {/* Desktop and tablet: a table. */}
      <table class="hidden w-full text-left text-sm md:table" data-testid="leaderboard-table">
        <thead class="bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" class="px-5 py-2.5">
              Rank
            </th>
            <th scope="col" class="px-4 py-2.5">
              Name
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Requests sent
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Links opened
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Reviews matched
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Conversion
            </th>
            <th scope="col" class="px-5 py-2.5 text-right">
              Score
            </th>
          </tr>
        </thead>
        <tbody class="divide-y divide-slate-100">
          {people.map((p, i) => (
            <tr key={p.staffId} data-testid="leaderboard-row" class="align-middle">
              <td class="px-5 py-3">
                <Medal rank={rank[i]!} />
              </td>
              <th scope="row" class="px-4 py-3 font-semibold break-words text-slate-900">
                {p.firstName}
              </th>
              <td class="px-4 py-3 text-right text-slate-700 tabular-nums">{p.requestsSent}</td>
              <td class="px-4 py-3 text-right text-slate-700 tabular-nums">{p.linksOpened}</td>
              <td class="px-4 py-3 text-right font-semibold text-emerald-700 tabular-nums">{p.reviewsMatched}</td>
              <td class="px-4 py-3 text-right text-slate-700 tabular-nums">{percent(p)}</td>
              <td class="px-5 py-3 text-right text-lg font-bold text-brand-700 tabular-nums">{points(p.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one card per person. */}
      <ol class="divide-y divide-slate-100 md:hidden">
        {people.map((p, i) => (
          <li key={p.staffId} data-testid="leaderboard-card" class="px-4 py-3.5">
            <div class="flex items-center gap-3">
              <Medal rank={rank[i]!} />
              <p class="min-w-0 flex-1 font-semibold break-words text-slate-900">{p.firstName}</p>
              <p class="shrink-0 text-right">
                <span class="text-xl font-bold text-brand-700 tabular-nums">{points(p.score)}</span>
                <span class="ml-1 text-xs text-slate-500">points</span>
              </p>
            </div>
            <dl class="mt-2 grid grid-cols-4 gap-2 pl-11 text-center text-xs">
              {[
                ['Sent', p.requestsSent],
                ['Opened', p.linksOpened],
                ['Matched', p.reviewsMatched],
                ['Conv.', percent(p)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt class="text-slate-500">{label}</dt>
                  <dd class="font-semibold text-slate-800 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The leaderboard (issue 13): who is collecting reviews, this week and over the whole challenge. */
export default function Leaderboard({ slug, businessName, initialWeek }: Props) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const { people, failed, reload } = useLeaderboard(period, initialWeek);
  const panelId = 'leaderboard-panel';

  return (
    <div class="min-h-screen">
      <PageHeader
        back={{ href: `/${slug}`, label: 'Back', ariaLabel: 'Back to the dashboard' }}
        businessName={businessName}
        title="Leaderboard"
        width="max-w-6xl"
      >
        <div role="tablist" aria-label="Period" class="flex w-full rounded-xl bg-slate-100 p-1 sm:w-auto">
          {PERIODS.map((p) => (
            <button
              key={p.id}
              type="button"
              role="tab"
              id={`leaderboard-tab-${p.id}`}
              aria-selected={period === p.id}
              aria-controls={panelId}
              class={`min-h-11 flex-1 rounded-lg px-4 text-sm font-semibold sm:flex-none ${period === p.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              onClick={() => setPeriod(p.id)}
            >
              {p.label}
            </button>
          ))}
        </div>
      </PageHeader>

      <main class="mx-auto max-w-6xl space-y-4 px-4 py-6 sm:px-6 sm:py-8">
        <section id={panelId} role="tabpanel" aria-labelledby={`leaderboard-tab-${period}`} class="card overflow-hidden">
          {people === null ? (
            failed ? (
              <div class="p-8 text-center text-sm text-slate-600">
                <p>The leaderboard could not be loaded.</p>
                <button type="button" class="btn btn-secondary mt-3" onClick={() => void reload()}>
                  Try again
                </button>
              </div>
            ) : (
              <p role="status" class="p-10 text-center text-slate-500">
                Loading leaderboard...
              </p>
            )
          ) : people.length === 0 ? (
            <div class="flex flex-col items-center px-6 py-14 text-center" data-testid="leaderboard-empty" data-empty-state>
              <p class="text-lg font-semibold text-slate-900">{period === 'week' ? 'No requests logged this week yet' : 'No requests logged yet'}</p>
              <p class="mt-1 max-w-sm text-sm text-slate-600">Log a review request while the customer is with you, and your name shows up here.</p>
              <a href={`/${slug}/review-request`} class="btn btn-primary mt-6">
                Log Request
              </a>
            </div>
          ) : (
            <Board people={people} />
          )}
        </section>
        <p class="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600" data-testid="score-explained">
          <strong class="font-semibold text-slate-800">How the score works:</strong> a request counts when it is logged within a few days of seeing the
          customer, and a review matched to it counts for more. Everyone is compared with their own usual week, so steady effort shows, not just a busy week.
          Star ratings never count.
        </p>
      </main>
    </div>
  );
}
