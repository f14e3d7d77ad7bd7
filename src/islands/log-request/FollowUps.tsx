import { useEffect, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import type { FollowUp, FollowUpList, SuggestedMatch } from '#domain/requests/follow-ups.ts';
import type { OutboxStatus } from '#shared/statuses.ts';
import { deskCardPagePath } from '#shared/paths.ts';
import { ApiError, apiRequest } from '../api.ts';
import type { ToastMessage } from '../ui/toast.tsx';

interface Props {
  /** The staff email the log form remembers; empty before the first request is logged here. */
  staffEmail: string;
  slug: string;
  timezone: string;
  show: (toast: ToastMessage) => void;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** "Is this your customer?": the review and the person's request side by side, yes or no in one tap. */
function Suggestion({
  item,
  timezone,
  busy,
  onAnswer,
}: {
  item: SuggestedMatch;
  timezone: string;
  busy: boolean;
  onAnswer: (item: SuggestedMatch, yes: boolean) => void;
}) {
  return (
    <li class="rounded-xl border border-amber-300 bg-amber-50/60 p-4" data-testid="suggested-match">
      <div class="grid gap-3 sm:grid-cols-2">
        <div class="min-w-0 rounded-lg bg-white p-3">
          <p class="text-xs font-semibold tracking-wide text-slate-500 uppercase">The review</p>
          <p class="mt-1 font-semibold text-slate-900 wrap-anywhere">{item.review.reviewerName?.trim() || 'Anonymous'}</p>
          <p class="text-amber-600" role="img" aria-label={`${item.review.rating} out of 5 stars`}>
            {stars(item.review.rating)}
          </p>
          {item.review.reviewText && <p class="mt-1 line-clamp-3 text-sm text-slate-700 wrap-anywhere">{item.review.reviewText}</p>}
          <p class="mt-1 text-xs text-slate-500">Written {formatDateTime(item.review.createTime, timezone)}</p>
        </div>
        <div class="min-w-0 rounded-lg bg-white p-3">
          <p class="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your request</p>
          <p class="mt-1 font-semibold text-slate-900 wrap-anywhere">{item.request.customerName}</p>
          {item.request.customerEmail && <p class="text-sm text-slate-700 wrap-anywhere">{item.request.customerEmail}</p>}
          <p class="mt-1 text-xs text-slate-500">Logged {formatDateTime(item.request.createdAt, timezone)}</p>
        </div>
      </div>
      <div class="mt-3 flex flex-wrap gap-2">
        <button type="button" class="btn btn-primary" disabled={busy} onClick={() => onAnswer(item, true)}>
          Yes, that's my customer
        </button>
        <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => onAnswer(item, false)}>
          No
        </button>
      </div>
    </li>
  );
}

/** "Follow up" (issue 13): the remembered person's requests whose link was not opened, to call or remind once. */
export function FollowUps({ staffEmail, slug, timezone, show }: Props) {
  const [list, setList] = useState<FollowUpList | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [sendingId, setSendingId] = useState<number | null>(null);
  const [answeringId, setAnsweringId] = useState<number | null>(null);
  const query = `staffEmail=${encodeURIComponent(staffEmail)}`;

  const load = async () => {
    setLoadFailed(false);
    try {
      setList(await apiRequest<FollowUpList>('GET', `/api/follow-ups?${query}`));
    } catch {
      setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when the staff member's email changes; load reads it itself
  useEffect(() => {
    setList(null);
    if (staffEmail) void load();
  }, [staffEmail]);

  const remind = async (item: FollowUp) => {
    setSendingId(item.id);
    try {
      const answer = await apiRequest<{ message: string; followUp: FollowUp; emailStatus: OutboxStatus }>(
        'POST',
        `/api/follow-ups/${item.id}/reminder?${query}`,
      );
      setList((current) => current && { ...current, followUps: current.followUps.map((f) => (f.id === item.id ? answer.followUp : f)) });
      show(
        answer.emailStatus === 'sent'
          ? { title: 'Reminder sent', description: `${item.customerName} will get one reminder email.`, variant: 'success' }
          : { title: answer.emailStatus === 'failed' ? 'Reminder not sent' : 'Reminder not sent yet', description: answer.message, variant: 'destructive' },
      );
    } catch (error) {
      show({ title: 'Error', description: (error instanceof ApiError && error.serverMessage) || 'Failed to send the reminder', variant: 'destructive' });
      // Sent from another device, opened or reviewed meanwhile: show the list as it now is.
      if (error instanceof ApiError && error.status === 409) void load();
    } finally {
      setSendingId(null);
    }
  };

  const answer = async (item: SuggestedMatch, yes: boolean) => {
    setAnsweringId(item.review.id);
    try {
      if (yes) {
        const base = item.review.kind === 'google' ? '/api/google-reviews' : '/api/review-actions';
        await apiRequest('POST', `${base}/${item.review.id}/assign-to-invite`, { inviteId: item.request.id });
        show({ title: 'Matched', description: `The review counts for you and your team now.`, variant: 'success' });
      } else {
        await apiRequest('POST', `/api/follow-ups/suggestions/${item.review.id}/decline?${query}`);
        show({ title: 'Thanks', description: 'The admin will match this review.', variant: 'success' });
      }
      setList((current) => current && { ...current, suggestions: current.suggestions.filter((s) => s.review.id !== item.review.id) });
    } catch (error) {
      show({ title: 'Not saved', description: (error instanceof ApiError && error.serverMessage) || 'Please try again', variant: 'destructive' });
      void load();
    } finally {
      setAnsweringId(null);
    }
  };

  return (
    <section class="card mt-6 p-5 sm:p-7" aria-labelledby="follow-up-heading" data-testid="follow-ups">
      <div class="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="follow-up-heading" class="text-base font-semibold text-slate-900">
          Follow up
        </h2>
        {/* The person's own desk card: customers at the counter scan it, and their requests count for this person. */}
        {list?.staffId != null && (
          <a
            href={deskCardPagePath(slug, list.staffId)}
            class="inline-flex min-h-11 items-center text-sm font-semibold text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            Print my desk card
          </a>
        )}
      </div>
      {!staffEmail ? (
        <p class="mt-2 text-sm text-slate-600">Once you log a request, the customers of yours who have not opened their review link show up here.</p>
      ) : list === null ? (
        loadFailed ? (
          <p class="mt-2 text-sm text-slate-600">
            Your follow-ups could not be loaded.{' '}
            <button type="button" class="font-semibold text-brand-600 underline-offset-2 hover:underline" onClick={() => void load()}>
              Try again
            </button>
          </p>
        ) : (
          <p class="mt-2 text-sm text-slate-500" role="status">
            Loading your follow-ups...
          </p>
        )
      ) : (
        <>
          {list.suggestions.length > 0 && (
            <div class="mt-4" data-testid="suggested-matches">
              <h3 class="text-sm font-semibold text-slate-900">Is this your customer?</h3>
              <p class="mt-1 text-sm text-slate-600">A review came in that looks like one of your requests. Say yes and it counts for you.</p>
              <ul class="mt-3 space-y-3" aria-label="Reviews that may be your customers'">
                {list.suggestions.map((item) => (
                  <Suggestion key={item.review.id} item={item} timezone={timezone} busy={answeringId !== null} onAnswer={(i, yes) => void answer(i, yes)} />
                ))}
              </ul>
            </div>
          )}
          <p class={`${list.suggestions.length > 0 ? 'mt-6' : 'mt-1'} text-sm text-slate-600`}>
            Customers of {list.staffEmail} who have not opened their review link after {plural(list.afterDays, 'day')}. Give them a call, or send one reminder
            email.
          </p>
          {list.followUps.length === 0 ? (
            <p class="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm font-medium text-slate-700">
              Nobody to follow up right now
            </p>
          ) : (
            <ul class="mt-4 space-y-3" aria-label="Customers to follow up">
              {list.followUps.map((item) => (
                <li key={item.id} class="rounded-xl border border-slate-200 p-4" data-testid="follow-up">
                  <div class="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div class="min-w-0">
                      <p class="font-semibold text-slate-900 wrap-anywhere">{item.customerName}</p>
                      <p class="text-sm wrap-anywhere">
                        <a href={`mailto:${item.customerEmail}`} class="text-brand-700 underline-offset-2 hover:underline">
                          {item.customerEmail}
                        </a>
                      </p>
                      <p class="mt-1 text-xs text-slate-500">
                        {item.teamName && `${item.teamName} · `}
                        {item.sentAt ? `Emailed ${plural(item.daysWaiting, 'day')} ago` : `Logged ${plural(item.daysWaiting, 'day')} ago, email not sent`}
                      </p>
                    </div>
                    {item.reminderSentAt ? (
                      <p class="shrink-0 self-start rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-800">
                        Reminder sent {formatDateTime(item.reminderSentAt, timezone)}
                      </p>
                    ) : (
                      <button type="button" class="btn btn-secondary shrink-0" disabled={sendingId !== null} onClick={() => void remind(item)}>
                        {sendingId === item.id ? 'Sending...' : 'Send reminder email'}
                      </button>
                    )}
                  </div>
                  {item.phoneScript && (
                    <details class="mt-3">
                      <summary class="cursor-pointer text-sm font-medium text-brand-700">Phone script</summary>
                      <p class="mt-2 rounded-lg bg-brand-50 p-3 text-sm leading-relaxed whitespace-pre-line text-slate-900">{item.phoneScript}</p>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
