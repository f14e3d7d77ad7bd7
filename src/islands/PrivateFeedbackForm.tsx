import { useEffect, useState } from 'preact/hooks';
import { FEEDBACK_MESSAGE_MAX, feedbackMessageProblem } from '#shared/rules.ts';
import { ApiError, apiRequest } from './api.ts';

interface Props {
  token: string;
  businessName: string;
  /** A desk card's visitor who gave no name: the feedback goes with the card's token and the scan, and opens no review link. */
  deskCardScan?: number | null;
}

/**
 * The private feedback form of the review link page (/r/{token}): public, posts with the link's
 * token. Once it runs, it reports the link as opened.
 */
export default function PrivateFeedbackForm({ token, businessName, deskCardScan }: Props) {
  const fromDeskCard = deskCardScan !== undefined;
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  // The page runs in a person's browser: that is an open (a mail scanner's GET of the link is not).
  useEffect(() => {
    if (!fromDeskCard) navigator.sendBeacon(`/api/review-link/${encodeURIComponent(token)}/open`);
  }, [token, fromDeskCard]);

  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = feedbackMessageProblem(message);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const answer = fromDeskCard
        ? await apiRequest<{ message: string }>('POST', `/api/q/${encodeURIComponent(token)}/feedback`, { scanId: deskCardScan, message: message.trim() })
        : await apiRequest<{ message: string }>('POST', `/api/review-link/${encodeURIComponent(token)}/feedback`, { message: message.trim() });
      setThanks(answer.message);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : 'Your feedback could not be sent. Please check your connection and try again.',
      );
    } finally {
      setSending(false);
    }
  };

  if (thanks) {
    return (
      <div role="status" class="flex flex-1 flex-col items-center justify-center rounded-xl bg-emerald-50 p-5 text-center ring-1 ring-emerald-200">
        <svg viewBox="0 0 24 24" class="h-8 w-8 text-emerald-600" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">
          <path stroke-linecap="round" stroke-linejoin="round" d="M5 13l4 4L19 7" />
        </svg>
        <p class="mt-2 text-sm font-semibold text-emerald-900">{thanks}</p>
        <p class="mt-1 text-sm text-emerald-800">We read every message. Thank you for taking the time.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate class="flex flex-1 flex-col">
      <label for="private-feedback" class="label">
        Your feedback
      </label>
      <textarea
        id="private-feedback"
        class="input min-h-28 flex-1 resize-y"
        rows={4}
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={message}
        disabled={sending}
        placeholder={`What would you like ${businessName} to know?`}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'private-feedback-error' : undefined}
        onInput={(e) => {
          setMessage(e.currentTarget.value);
          setError(undefined);
        }}
      />
      {error && (
        <p id="private-feedback-error" class="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="btn btn-primary mt-4 w-full py-3 text-base" disabled={sending}>
        {sending ? 'Sending...' : 'Send private feedback'}
      </button>
    </form>
  );
}
