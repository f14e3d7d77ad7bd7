import { useEffect, useState } from 'preact/hooks';
import { ApiError, apiRequest } from '../api.ts';

interface Props {
  token: string;
  businessName: string;
}

/**
 * The first step of a desk card's page: the customer's first name, if they care to give it. The scan
 * is counted from here, once the page runs in a browser; Continue goes on to the review page.
 */
export default function DeskCardVisit({ token, businessName }: Props) {
  const [scanId, setScanId] = useState<number | null>(null);
  const [firstName, setFirstName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/q/${encodeURIComponent(token)}`;

  useEffect(() => {
    apiRequest<{ scanId: number | null }>('POST', `${path}/scan`)
      .then((answer) => setScanId(answer.scanId))
      .catch(() => setScanId(null));
  }, [path]);

  const go = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { next } = await apiRequest<{ next: string }>('POST', `${path}/visit`, { scanId, firstName: firstName.trim() });
      window.location.assign(next);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <form class="card w-full max-w-md space-y-5 p-6 sm:p-8" onSubmit={go} noValidate aria-label={`Review ${businessName}`}>
      <div>
        <label for="first-name" class="label">
          Your first name (optional)
        </label>
        <input
          id="first-name"
          class="input"
          autoComplete="given-name"
          maxLength={60}
          value={firstName}
          disabled={busy}
          aria-describedby="first-name-hint"
          onInput={(e) => setFirstName(e.currentTarget.value)}
        />
        <p id="first-name-hint" class="mt-1 text-xs text-slate-600">
          So the person who helped you gets the thanks.
        </p>
      </div>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="btn btn-primary w-full py-3 text-base" disabled={busy}>
        {busy ? 'One moment...' : 'Continue'}
      </button>
    </form>
  );
}
