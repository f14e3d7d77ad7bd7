import { useRef, useState } from 'preact/hooks';
import { REVIEW_COMMENT_MAX, REVIEWER_NAME_MAX } from '#shared/review-edit-rules.ts';
import { AdminCard } from './AdminCard.tsx';
import { AdminAccessLost, adminRequest, failureText } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { StarPicker } from './StarPicker.tsx';

type Source = 'ghl' | 'google';

// Where the test review pretends to come from, in plain words: Google first (where most reviews are
// written), then the customer system (CRM) that forwards reviews, such as HighLevel (SPEC.md's "ghl").
const SOURCES: { value: Source; label: string; hint: string }[] = [
  { value: 'google', label: 'Google', hint: 'As if written on Google' },
  { value: 'ghl', label: 'Your CRM', hint: 'As if sent by HighLevel' },
];

const FILL_ALL_FIELDS = 'Please fill in all fields';

const OUTCOMES: Record<string, string> = {
  auto_matched: 'It matched a request and counts for that team.',
  needs_review: 'It looks like one of your requests: confirm it on the reviews page.',
  unmatched: 'No request matched: it counts for Unknown until assigned.',
};

/** The Test Review form (SPEC.md section 2): a review that takes the same path as a real one. */
export default function TestReviewCard({ slug }: { slug: string }) {
  const [reviewerName, setReviewerName] = useState('');
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [source, setSource] = useState<Source>('google');
  const [missing, setMissing] = useState<{ name?: boolean; comment?: boolean }>({});
  const [sending, setSending] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const commentInput = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const gaps = { name: reviewerName.trim() === '', comment: comment.trim() === '' };
    if (gaps.name || gaps.comment) {
      setMissing(gaps);
      (gaps.name ? nameInput : commentInput).current?.focus();
      showAdminToast({ title: 'Error', description: FILL_ALL_FIELDS, variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      const result = await adminRequest<{ id: number; matchStatus?: string }>('POST', '/api/test-review', {
        reviewerName: reviewerName.trim(),
        rating,
        reviewText: comment.trim(),
        source,
        slug,
      });
      showAdminToast({
        title: 'Test review submitted',
        description: OUTCOMES[result.matchStatus ?? ''] ?? 'It is on the wallboard and in the reviews table.',
        variant: 'success',
      });
      setReviewerName('');
      setComment('');
      setRating(5);
      setMissing({});
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      showAdminToast({ title: 'Failed to submit test review', description: failureText(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <AdminCard title="Test Review" description="Send a review through the same path as a real one: it is matched, counted and celebrated on the wallboard.">
      <form onSubmit={submit} noValidate class="space-y-4">
        <fieldset>
          <legend class="label">Source</legend>
          <div class="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            {SOURCES.map((option) => (
              <label
                key={option.value}
                class={`flex cursor-pointer flex-col items-center rounded-lg px-3 py-2 text-center text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                  source === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <input
                  type="radio"
                  name="test-review-source"
                  value={option.value}
                  class="sr-only"
                  checked={source === option.value}
                  disabled={sending}
                  onChange={() => setSource(option.value)}
                />
                {option.label}
                <span class="text-xs font-normal text-slate-600">{option.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label for="test-review-name" class="label">
            Reviewer name
          </label>
          <input
            id="test-review-name"
            ref={nameInput}
            class="input"
            value={reviewerName}
            maxLength={REVIEWER_NAME_MAX}
            placeholder="e.g. Sarah Kim"
            autoComplete="off"
            disabled={sending}
            aria-invalid={missing.name ? 'true' : undefined}
            onInput={(e) => {
              setReviewerName(e.currentTarget.value);
              setMissing((m) => ({ ...m, name: false }));
            }}
          />
        </div>
        <StarPicker name="test-review-rating" legend="Rating" value={rating} onChange={setRating} disabled={sending} />
        <div>
          <label for="test-review-comment" class="label">
            Comment
          </label>
          <textarea
            id="test-review-comment"
            ref={commentInput}
            class="input min-h-24 resize-y"
            value={comment}
            maxLength={REVIEW_COMMENT_MAX}
            placeholder="What the customer wrote"
            disabled={sending}
            aria-invalid={missing.comment ? 'true' : undefined}
            onInput={(e) => {
              setComment(e.currentTarget.value);
              setMissing((m) => ({ ...m, comment: false }));
            }}
          />
        </div>
        {(missing.name || missing.comment) && (
          <p class="field-error" role="alert">
            {FILL_ALL_FIELDS}
          </p>
        )}
        <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Test Review'}
        </button>
      </form>
    </AdminCard>
  );
}
