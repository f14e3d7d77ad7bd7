import { isUnknownTeamName } from '#shared/team-rules.ts';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { MatchedReview, TeamRef, TeamVisibleReview, UnmatchedInvite, UnmatchedReview } from '#domain/reviews/queries.ts';
import { formatDateTime } from '#shared/format-date.ts';
import { relativeTime } from '#shared/relative-time.ts';
import { apiRequest } from './api.ts';
import Celebration from './Celebration.tsx';
import { dispatchCelebration } from './celebration.ts';
import type { LiveStatus } from './live/connection.ts';
import { useLiveReload } from './live/use-live-reload.ts';
import { PageHeader } from './ui/PageHeader.tsx';
import { AssignControl, type AssignChoice } from './reviews/AssignControl.tsx';
import { Avatar, ExternalIcon, ReviewText, sourceLabel, Stars, TeamBadge, useMinuteClock } from './reviews/ReviewBits.tsx';
import { Toast, useToast } from './ui/toast.tsx';
import { type ReplyControls, ReviewReply, type ReplyTemplateChoice, useReplyControls } from './ReplyBox.tsx';

// The Google Reviews page (SPEC.md section 2 "/{slug}/reviews"): a team filter kept in the URL, a
// count line, the orange Unmatched Reviews section with the assign control, the matched cards, and
// the celebration. Live: every data event (or a change seen while polling) reads the lists again.

export interface ReviewsData {
  teams: TeamRef[];
  matched: MatchedReview[];
  unmatched: UnmatchedReview[];
  invites: UnmatchedInvite[];
}

interface Props extends ReviewsData {
  slug: string;
  businessName: string;
  /** The workspace's time zone, for dates. */
  timeZone: string;
  /** The ?team= the page was opened with, when it names a team of the workspace. */
  initialTeamId: number | null;
  /** The server's clock when it rendered, so the relative times hydrate as rendered. */
  renderedAt: number;
  /** Whether this person may answer Google reviews (the admin, or staff when staff_can_reply is on). */
  canReply: boolean;
  templates: ReplyTemplateChoice[];
}

const STATUS_TEXT: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', polling: 'Reconnecting…' };

const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** The product's one date format, in the workspace's time zone. */
const dateFormatter = (timeZone: string) => (iso: string) => formatDateTime(iso, timeZone);

function teamFromLocation(): number | null {
  const raw = new URLSearchParams(window.location.search).get('team');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

async function readJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'include', cache: 'no-store' });
    return response.ok ? ((await response.json()) as T) : null;
  } catch (error) {
    console.warn(`Could not refresh ${url}`, error);
    return null;
  }
}

/** Keeps the four lists current through the live stream, and celebrates with the wallboard. */
function useLiveReviews(initial: ReviewsData) {
  const [data, setData] = useState<ReviewsData>(initial);
  const reload = useCallback(async () => {
    const [teams, matched, unmatched, invites] = await Promise.all([
      readJson<TeamRef[]>('/api/teams'),
      readJson<MatchedReview[]>('/api/google-reviews'),
      readJson<UnmatchedReview[]>('/api/unmatched-reviews'),
      readJson<UnmatchedInvite[]>('/api/unmatched-invites'),
    ]);
    setData((current) => ({
      teams: teams ? teams.map(({ id, name, color }) => ({ id, name, color })) : current.teams,
      matched: matched ?? current.matched,
      unmatched: unmatched ?? current.unmatched,
      invites: invites ?? current.invites,
    }));
  }, []);

  const status = useLiveReload(reload, dispatchCelebration);

  return { data, setData, status, refresh: reload };
}

function AlertIcon() {
  return (
    <svg viewBox="0 0 20 20" class="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path
        fill-rule="evenodd"
        d="M8.49 2.87c.66-1.16 2.36-1.16 3.02 0l6.28 11.02c.66 1.15-.18 2.61-1.5 2.61H3.71c-1.33 0-2.17-1.46-1.5-2.61L8.48 2.87ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clip-rule="evenodd"
      />
    </svg>
  );
}

function UnmatchedCard(props: {
  review: UnmatchedReview;
  invites: UnmatchedInvite[];
  teams: TeamRef[];
  formatDate(iso: string): string;
  onAssign(review: UnmatchedReview, choice: AssignChoice): Promise<boolean>;
}) {
  const { review, formatDate } = props;
  return (
    <li data-testid="unmatched-review" data-review-id={review.id} class="rounded-xl border border-orange-200 bg-white p-4 shadow-sm sm:p-5">
      <div class="flex items-start gap-3">
        <Avatar name={review.reviewerName} color="#F97316" />
        <div class="min-w-0 flex-1">
          <div class="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
            <p class="min-w-0 truncate font-semibold text-slate-900">{review.reviewerName || 'Anonymous'}</p>
            <div class="flex shrink-0 items-center gap-2 text-xs text-slate-500">
              <span class="rounded-md bg-slate-100 px-1.5 py-0.5 font-medium text-slate-600">{sourceLabel(review)}</span>
              <time dateTime={review.createTime}>{formatDate(review.createTime)}</time>
            </div>
          </div>
          <div class="mt-1 flex flex-wrap items-center gap-2">
            <Stars rating={review.rating} />
            {review.matchStatus === 'needs_review' && (
              <span class="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-600/25 ring-inset">
                Needs Review{typeof review.matchConfidence === 'number' ? ` (${review.matchConfidence}%)` : ''}
              </span>
            )}
          </div>
        </div>
      </div>
      <div class="mt-3">
        <ReviewText text={review.reviewText} />
      </div>
      <div class="mt-4 border-t border-orange-100 pt-4">
        <AssignControl review={review} invites={props.invites} teams={props.teams} formatDate={formatDate} onAssign={props.onAssign} />
      </div>
    </li>
  );
}

function MatchedCard({
  review,
  now,
  timeZone,
  formatDate,
  reply,
}: {
  review: MatchedReview;
  now: number;
  timeZone: string;
  formatDate(iso: string): string;
  reply: ReplyControls;
}) {
  const when = review.confirmedAt ?? review.createTime;
  return (
    <li data-testid="matched-review" data-review-id={review.id} class="card flex flex-col p-4 sm:p-5">
      <div class="flex items-start gap-3">
        <Avatar name={review.reviewerName} color={review.team?.color} />
        <div class="min-w-0 flex-1">
          <div class="flex items-start justify-between gap-2">
            <p class="min-w-0 truncate font-semibold text-slate-900">{review.reviewerName || 'Anonymous'}</p>
            <TeamBadge team={review.team} />
          </div>
          <div class="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <Stars rating={review.rating} />
            <time dateTime={when} title={formatDate(when)} class="text-xs text-slate-500">
              {relativeTime(when, now)}
            </time>
          </div>
        </div>
      </div>
      <div class="mt-3 flex-1">
        <ReviewText text={review.reviewText} />
        {/* Only a review brought in from Google has a reply there to write. */}
        {review.source === 'google' && <ReviewReply review={review} now={now} timeZone={timeZone} reply={reply} />}
      </div>
      <div class="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-xs">
        <span class="font-medium text-slate-500">{sourceLabel(review)}</span>
        {review.reviewUrl && (
          <a
            href={review.reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            class="inline-flex items-center gap-1 font-semibold text-brand-600 hover:text-brand-700 hover:underline"
          >
            View review
            <ExternalIcon />
            <span class="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

function EmptyMatched({ team, waiting, slug }: { team: TeamRef | null; waiting: boolean; slug: string }) {
  return (
    <div class="card flex flex-col items-center px-6 py-12 text-center" data-testid="reviews-empty" data-empty-state>
      <div class="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <svg viewBox="0 0 24 24" class="h-6 w-6" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true">
          <path
            stroke-linecap="round"
            stroke-linejoin="round"
            d="M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11a.56.56 0 0 0 .47.35l5.52.44c.5.04.7.66.32.99l-4.2 3.6a.56.56 0 0 0-.18.56l1.28 5.38a.56.56 0 0 1-.84.61l-4.73-2.88a.56.56 0 0 0-.58 0l-4.73 2.88a.56.56 0 0 1-.84-.6l1.28-5.39a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .32-.99l5.52-.44a.56.56 0 0 0 .47-.35L11.48 3.5Z"
          />
        </svg>
      </div>
      <p class="mt-4 text-lg font-semibold text-slate-900">{team ? `No reviews for ${team.name} yet` : 'No reviews yet'}</p>
      <p class="mt-1 max-w-sm text-sm text-slate-600">
        {waiting
          ? 'Reviews show here once they are matched to a request or a team: assign the ones waiting above.'
          : 'Matched reviews show here as they arrive, newest first. Each review request you log brings one closer.'}
      </p>
      {!waiting && (
        <a href={`/${slug}/review-request`} class="btn btn-primary mt-6">
          Log a review request
        </a>
      )}
    </div>
  );
}

export default function ReviewsPage(props: Props) {
  const { slug, businessName, timeZone } = props;
  const { data, setData, status, refresh } = useLiveReviews({ teams: props.teams, matched: props.matched, unmatched: props.unmatched, invites: props.invites });
  const [teamId, setTeamId] = useState<number | null>(props.initialTeamId);
  const { toast, show, dismiss } = useToast();
  const now = useMinuteClock(props.renderedAt);
  const formatDate = useMemo(() => dateFormatter(timeZone), [timeZone]);
  const replies = useReplyControls({
    canReply: props.canReply,
    templates: props.templates,
    businessName,
    openOnArrival: null,
    show,
    changed: (id, reply) =>
      setData((current) => ({
        ...current,
        matched: current.matched.map((r) => (r.id === id ? { ...r, ownerReply: reply?.comment ?? null, ownerReplyTime: reply?.updateTime ?? null } : r)),
      })),
  });

  useEffect(() => {
    const onPop = () => setTeamId(teamFromLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const chooseTeam = (next: number | null) => {
    setTeamId(next);
    const url = new URL(window.location.href);
    if (next === null) url.searchParams.delete('team');
    else url.searchParams.set('team', String(next));
    window.history.pushState({ team: next }, '', `${url.pathname}${url.search}${url.hash}`);
  };

  const team = data.teams.find((t) => t.id === teamId) ?? null;
  const isUnknown = team != null && isUnknownTeamName(team.name);
  const assignable = useMemo(() => data.teams.filter((t) => !isUnknownTeamName(t.name)), [data.teams]);
  const matched = team ? data.matched.filter((r) => r.team?.id === team.id) : data.matched;
  // Waiting reviews count for "Unknown" (decision 011): they belong to All Teams and to Unknown.
  const unmatched = !team || isUnknown ? data.unmatched : [];
  const count = matched.length + unmatched.length;

  const assign = async (review: UnmatchedReview, choice: AssignChoice): Promise<boolean> => {
    const base = review.inviteId === 0 ? '/api/google-reviews' : '/api/review-actions';
    const path = 'inviteId' in choice ? 'assign-to-invite' : 'assign-to-team';
    try {
      const answer = await apiRequest<{ message: string; review: TeamVisibleReview }>('POST', `${base}/${review.id}/${path}`, choice);
      setData((current) => ({
        ...current,
        unmatched: current.unmatched.filter((r) => r.id !== review.id),
        // The answer is a team-visible review: its reply, if any, comes with the live update that follows.
        matched: [{ ...answer.review, ownerReply: null, ownerReplyTime: null, staffFirstName: null }, ...current.matched.filter((r) => r.id !== review.id)],
        invites: 'inviteId' in choice ? current.invites.filter((i) => i.id !== choice.inviteId) : current.invites,
      }));
      show({ title: answer.message || 'Review assigned', variant: 'success' });
      return true;
    } catch (error) {
      console.warn('Assignment failed', error);
      show({ title: 'Assignment failed', description: 'Unable to assign the review. Please try again.', variant: 'destructive' });
      void refresh();
      return false;
    }
  };

  return (
    <div class="min-h-screen">
      <PageHeader
        back={{ href: `/${slug}`, label: 'Back', ariaLabel: 'Back to the dashboard' }}
        businessName={businessName}
        title="Google Reviews"
        width="max-w-6xl"
      >
        <div class="flex w-full items-center gap-3 sm:w-auto">
          <label for="team-filter" class="shrink-0 text-sm font-medium text-slate-600">
            Team
          </label>
          <select
            id="team-filter"
            class="input sm:w-56"
            value={team ? String(team.id) : ''}
            onChange={(e) => chooseTeam(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          >
            <option value="">All Teams</option>
            {data.teams.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      </PageHeader>

      <main class="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <div class="flex flex-wrap items-center justify-between gap-2">
          <p data-testid="count-line" class="text-sm font-medium text-slate-700" aria-live="polite">
            {reviewCount(count)}
            {team ? ` for ${team.name}` : ''}
          </p>
          <p class="flex items-center gap-2 text-xs text-slate-500" aria-live="polite">
            <span class={`h-2 w-2 rounded-full ${status === 'live' ? 'bg-emerald-500' : 'bg-amber-400'}`} aria-hidden="true" />
            {STATUS_TEXT[status]}
          </p>
        </div>

        {team && !isUnknown && data.unmatched.length > 0 && (
          <div class="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-orange-200 bg-orange-50 px-4 py-3 text-sm text-orange-900">
            <p class="flex items-center gap-2">
              <span class="text-orange-500">
                <AlertIcon />
              </span>
              {data.unmatched.length === 1 ? '1 unmatched review is' : `${data.unmatched.length} unmatched reviews are`} waiting for a match.
            </p>
            <button type="button" class="font-semibold text-orange-700 underline-offset-2 hover:underline" onClick={() => chooseTeam(null)}>
              Show all teams
            </button>
          </div>
        )}

        {unmatched.length > 0 && (
          <section aria-labelledby="unmatched-heading" data-testid="unmatched-section" class="rounded-2xl border border-orange-200 bg-orange-50/70 p-4 sm:p-6">
            <div class="flex flex-wrap items-start justify-between gap-3">
              <div class="flex items-start gap-3">
                <span class="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-600">
                  <AlertIcon />
                </span>
                <div>
                  <h2 id="unmatched-heading" class="flex items-center gap-2 text-lg font-bold text-orange-900">
                    Unmatched Reviews
                    <span data-testid="unmatched-count" class="rounded-full bg-orange-500 px-2.5 py-0.5 text-xs font-bold text-white tabular-nums">
                      {unmatched.length}
                    </span>
                  </h2>
                  <p class="mt-0.5 text-sm text-orange-800/80">Match each one to the request it came from, or to a team.</p>
                </div>
              </div>
            </div>
            <ul class="mt-4 space-y-3">
              {unmatched.map((review) => (
                <UnmatchedCard key={review.id} review={review} invites={data.invites} teams={assignable} formatDate={formatDate} onAssign={assign} />
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="matched-heading" data-testid="matched-section">
          <h2 id="matched-heading" class="mb-4 flex items-center gap-2 text-lg font-bold text-slate-900">
            Matched Reviews
            <span class="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold text-slate-700 tabular-nums">{matched.length}</span>
          </h2>
          {matched.length === 0 ? (
            <EmptyMatched team={team} waiting={unmatched.length > 0} slug={slug} />
          ) : (
            <ul class="grid gap-4 md:grid-cols-2">
              {matched.map((review) => (
                <MatchedCard key={review.id} review={review} now={now} timeZone={timeZone} formatDate={formatDate} reply={replies(review, 'matched')} />
              ))}
            </ul>
          )}
        </section>
      </main>
      <Toast toast={toast} onDismiss={dismiss} />
      <Celebration />
    </div>
  );
}
