import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { relativeTime } from '#shared/relative-time.ts';
import { fillReplyTemplate, REPLY_MAX_BYTES, replyBytes, replyLengthProblem, type ReplyValues } from '#shared/replies.ts';
import { ApiError, apiRequest } from './api.ts';
import type { ToastMessage } from './ui/toast.tsx';

// The owner's reply to one Google review (issue 30): written or edited here, posted to Google, shown
// at once as Google keeps it. A template fills the box for this review; the count is Google's limit in
// bytes, so a reply Google would refuse for its length is never sent.

export interface ReplyTemplateChoice {
  id: number;
  name: string;
  body: string;
}

export interface SavedReply {
  comment: string;
  updateTime: string;
}

const CHIP =
  'rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500';

export const replyUrl = (reviewId: number) => `/api/google-reviews/${reviewId}/reply`;

/** Why a reply was not saved, in the server's words (Google's refusal included), or a plain fallback. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Google could not be asked. Check the connection and try again.';
}

interface Props {
  reviewId: number;
  /** The reply as it stands (null: none yet). */
  current: string | null;
  templates: ReplyTemplateChoice[];
  values: ReplyValues;
  /** Open on first render (the alert's link) with the box in view and focused. */
  autoFocus?: boolean;
  onSaved: (reply: SavedReply) => void;
  onCancel: () => void;
}

export function ReplyBox({ reviewId, current, templates, values, autoFocus = false, onSaved, onCancel }: Props) {
  const [text, setText] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const bytes = replyBytes(text);
  const over = bytes > REPLY_MAX_BYTES;
  const id = `reply-${reviewId}`;

  useEffect(() => {
    if (!autoFocus) return;
    area.current?.scrollIntoView({ block: 'center' });
    area.current?.focus();
  }, [autoFocus]);

  const save = async (event: Event) => {
    event.preventDefault();
    const problem = replyLengthProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest<{ reply: SavedReply }>('PUT', replyUrl(reviewId), { comment: text });
      onSaved(answer.reply);
    } catch (thrown) {
      setError(failure(thrown));
    } finally {
      setBusy(false);
    }
  };

  const startFrom = (template: ReplyTemplateChoice) => {
    setText(fillReplyTemplate(template.body, values));
    setError(null);
    area.current?.focus();
  };

  return (
    <form data-testid="reply-box" class="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4" onSubmit={(e) => void save(e)}>
      <label for={id} class="block text-sm font-semibold text-slate-800">
        {current ? 'Edit your reply' : 'Your reply'}
        <span class="font-normal text-slate-500"> · posted on Google under the business's name</span>
      </label>
      {templates.length > 0 && (
        <div class="flex flex-wrap items-center gap-2" data-testid="reply-templates">
          <span class="text-xs text-slate-500">Start from:</span>
          {templates.map((template) => (
            <button key={template.id} type="button" class={CHIP} onClick={() => startFrom(template)}>
              {template.name}
            </button>
          ))}
        </div>
      )}
      <textarea
        id={id}
        ref={area}
        rows={4}
        class="input w-full resize-y"
        value={text}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={over || undefined}
        onInput={(e) => {
          setText((e.target as HTMLTextAreaElement).value);
          if (error) setError(null);
        }}
      />
      <div class="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p id={`${id}-count`} data-testid="reply-count" class={`text-xs ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`} aria-live="polite">
          {bytes.toLocaleString('en-US')} / {REPLY_MAX_BYTES.toLocaleString('en-US')} bytes{over ? ': too long for Google' : ''}
        </p>
        <div class="flex gap-2">
          <button type="button" class="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary" disabled={busy || over || text.trim() === ''}>
            {busy ? 'Posting...' : current ? 'Save reply' : 'Post reply'}
          </button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" data-testid="reply-error" class="text-sm break-words text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** A relative time with the exact one in the workspace's zone behind it. */
export function RelativeTime({ iso, now, timeZone }: { iso: string; now: number; timeZone: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso, timeZone)}>
      {relativeTime(iso, now)}
    </time>
  );
}

/** What a review card needs to show and change its reply. */
export interface ReplyControls {
  canReply: boolean;
  templates: ReplyTemplateChoice[];
  businessName: string;
  open: boolean;
  autoFocus: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSaved: (reply: SavedReply) => void;
  onDelete: () => void;
}

export interface RepliedReview {
  id: number;
  reviewerName: string | null;
  ownerReply: string | null;
  ownerReplyTime: string | null;
  staffFirstName: string | null;
}

/** The owner's reply under a review ("Response from owner"), and the box or the buttons that change it. */
export function ReviewReply({ review, now, timeZone, reply }: { review: RepliedReview; now: number; timeZone: string; reply: ReplyControls }) {
  const current = review.ownerReply?.trim() ? review.ownerReply : null;
  return (
    <>
      {current && (
        <div data-testid="owner-reply" class="mt-4 rounded-lg border-l-4 border-brand-500/40 bg-slate-50 px-4 py-3">
          <p class="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
            <span class="font-semibold text-slate-700">Response from owner</span>
            {review.ownerReplyTime && (
              <span class="text-slate-500">
                <RelativeTime iso={review.ownerReplyTime} now={now} timeZone={timeZone} />
              </span>
            )}
          </p>
          <p class="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{current}</p>
        </div>
      )}
      {reply.open ? (
        <ReplyBox
          reviewId={review.id}
          current={current}
          templates={reply.templates}
          values={{ reviewerName: review.reviewerName, businessName: reply.businessName, staffFirstName: review.staffFirstName }}
          autoFocus={reply.autoFocus}
          onSaved={reply.onSaved}
          onCancel={reply.onClose}
        />
      ) : (
        reply.canReply && (
          <div class="mt-4 flex flex-wrap gap-2">
            <button type="button" class="btn btn-secondary" onClick={reply.onOpen} data-testid="reply-open">
              {current ? 'Edit reply' : 'Reply'}
            </button>
            {current && (
              <button type="button" class="btn btn-secondary text-red-700" onClick={reply.onDelete} data-testid="reply-delete">
                Delete reply
              </button>
            )}
          </div>
        )
      )}
    </>
  );
}

const DELETE_REPLY_CONFIRM = 'Delete your reply on Google? Customers will no longer see it.';

/**
 * One open reply box per page, and what saving or deleting a reply does there: `changed` shows
 * Google's answer at once (the live update reads the lists again after). A review listed twice on a
 * page is told apart by `where`.
 */
export function useReplyControls(options: {
  canReply: boolean;
  templates: ReplyTemplateChoice[];
  businessName: string;
  /** The review whose box opens on arrival (a low-rated review's alert), and where it is listed. */
  openOnArrival: { id: number; where: string } | null;
  show: (toast: ToastMessage) => void;
  changed: (id: number, reply: SavedReply | null) => void;
}): (review: { id: number }, where: string) => ReplyControls {
  const { canReply, templates, businessName, openOnArrival, show, changed } = options;
  const [open, setOpen] = useState(canReply ? openOnArrival : null);

  const remove = async (id: number) => {
    if (!window.confirm(DELETE_REPLY_CONFIRM)) return;
    try {
      await apiRequest('DELETE', replyUrl(id));
      changed(id, null);
      show({ variant: 'success', title: 'Reply deleted on Google' });
    } catch (error) {
      show({ variant: 'destructive', title: 'The reply was not deleted', description: failure(error) });
    }
  };

  return (review, where) => ({
    canReply,
    templates,
    businessName,
    open: open?.id === review.id && open.where === where,
    autoFocus: openOnArrival?.id === review.id && openOnArrival.where === where,
    onOpen: () => setOpen({ id: review.id, where }),
    onClose: () => setOpen(null),
    onSaved: (reply) => {
      setOpen(null);
      changed(review.id, reply);
      show({ variant: 'success', title: 'Reply posted on Google' });
    },
    onDelete: () => void remove(review.id),
  });
}
