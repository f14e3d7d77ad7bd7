import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { checkSettingValue } from '#shared/settings-rules.ts';
import { ApiError } from '../api.ts';
import {
  discoveryFailureToast,
  gmbCardState,
  GMB_URLS,
  oauthReturnToast,
  pollFailureToast,
  pollSuccessToast,
  shortId,
  syncCounts,
  withoutOAuthParams,
  type DiscoveryAnswer,
  type GmbCardState,
  type GmbPollResult,
  type GoogleStatus,
  type LastSync,
} from '../gmb/google-profile.ts';
import { useLiveReload } from '../live/use-live-reload.ts';
import { Field } from '../ui/Field.tsx';
import { AdminCard, LoadError, LoadingRows } from './AdminCard.tsx';
import { AdminAccessLost, adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';

// Google My Business Profile (SPEC.md section 2): connect through Google's consent screen, find the
// account and location (or type their IDs), sync now, reconnect, disconnect. The card also answers
// the return from the consent screen (?gmb_connected=true or ?gmb_error=...) with a toast.

const DISCONNECT_CONFIRM = 'Disconnect Google? Reviews already imported are kept, but no new ones arrive until you connect again.';

type Work = 'connect' | 'discover' | 'poll' | 'disconnect';

const BADGES: Record<GmbCardState, { text: string; classes: string }> = {
  upgrade: { text: 'Upgrade Required', classes: 'bg-amber-50 text-amber-800 ring-amber-600/25' },
  unconfigured: { text: 'Not configured', classes: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
  broken: { text: 'Reconnect needed', classes: 'bg-red-50 text-red-700 ring-red-600/20' },
  disconnected: { text: 'Not connected', classes: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
  incomplete: { text: 'Connected', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  ready: { text: 'Connected', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
};

function StatusBadge({ state }: { state: GmbCardState }) {
  const { text, classes } = BADGES[state];
  return (
    <span
      data-testid="gmb-status"
      class={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${classes}`}
    >
      {(state === 'ready' || state === 'incomplete') && <span class="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />}
      {text}
    </span>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" class="h-4 w-4" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84Z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" class="mt-0.5 h-4 w-4 shrink-0 text-brand-600" fill="currentColor" aria-hidden="true">
      <path
        fill-rule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clip-rule="evenodd"
      />
    </svg>
  );
}

/** A button-looking link for a full-page navigation; looks and acts disabled while other work runs. */
function NavButton(props: { href: string; variant: 'primary' | 'secondary'; disabled?: boolean; onClick?: () => void; children: ComponentChildren }) {
  return (
    <a
      href={props.disabled ? undefined : props.href}
      role={props.disabled ? 'link' : undefined}
      aria-disabled={props.disabled ? 'true' : undefined}
      class={`btn btn-${props.variant} ${props.disabled ? 'pointer-events-none opacity-60' : ''}`}
      onClick={props.onClick}
    >
      {props.children}
    </a>
  );
}

const BENEFITS = [
  'Imports your Google reviews every 15 minutes, or at once with Poll Now',
  'Matches each review to the request it came from and credits the team',
  'Celebrates new reviews on the wallboard as they arrive',
  "Uses Google's secure sign-in: no password is stored, and you can disconnect at any time",
];

function Benefits() {
  return (
    <ul class="space-y-2 text-sm text-slate-700">
      {BENEFITS.map((text) => (
        <li key={text} class="flex gap-2">
          <CheckIcon />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

function Notice({ tone, title, children }: { tone: 'amber' | 'red' | 'slate'; title: string; children: ComponentChildren }) {
  const classes = {
    amber: 'border-amber-200 bg-amber-50 text-amber-900',
    red: 'border-red-200 bg-red-50 text-red-900',
    slate: 'border-slate-200 bg-slate-50 text-slate-800',
  }[tone];
  return (
    <div class={`rounded-xl border p-4 text-sm ${classes}`}>
      <p class="font-semibold">{title}</p>
      <div class="mt-1 space-y-2 opacity-90">{children}</div>
    </div>
  );
}

function LastSyncText({ sync, timeZone }: { sync: LastSync | null; timeZone: string }) {
  if (!sync) return <span class="text-slate-500">Not yet</span>;
  const when = formatDateTime(sync.at, timeZone);
  if (sync.outcome === 'success') {
    return (
      <span data-testid="gmb-last-sync">
        <time dateTime={sync.at}>{when}</time> <span class="font-medium text-emerald-700">· Succeeded</span>
        <span class="text-slate-500"> · {syncCounts(sync)}</span>
      </span>
    );
  }
  return (
    <span data-testid="gmb-last-sync">
      <time dateTime={sync.at}>{when}</time> <span class="font-medium text-red-700">· Failed</span>
      {sync.error && <span class="mt-1 block text-xs break-words text-red-700">{sync.error}</span>}
    </span>
  );
}

/** What is connected: the location, the IDs (their first 8 characters) and the last sync. */
function Details({ status, timeZone, withSync }: { status: GoogleStatus; timeZone: string; withSync: boolean }) {
  const rows: [string, ComponentChildren][] = [];
  if (status.locationTitle) rows.push(['Location', <span class="font-medium text-slate-900">{status.locationTitle}</span>]);
  if (status.accountId) rows.push(['Account ID', <code title={status.accountId}>{shortId(status.accountId)}</code>]);
  if (status.locationId) rows.push(['Location ID', <code title={status.locationId}>{shortId(status.locationId)}</code>]);
  if (withSync || status.lastSync) rows.push(['Last sync', <LastSyncText sync={status.lastSync} timeZone={timeZone} />]);
  if (rows.length === 0) return null;
  return (
    <dl class="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} class="contents">
          <dt class="text-slate-500">{term}</dt>
          <dd class="min-w-0 text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The two settings typed by hand when discovery is blocked (SPEC.md section 5: numeric, 18+ digits). */
const ID_FIELDS = { gmb_account_id: 'Account ID', gmb_location_id: 'Location ID' } as const;
type IdKey = keyof typeof ID_FIELDS;
type IdDrafts = Record<IdKey, string>;
const ID_KEYS = Object.keys(ID_FIELDS) as IdKey[];
const ID_HINT = 'Numbers only, 18 digits or more. Saved when you leave the field.';

/**
 * The manual Account ID and Location ID inputs, saved on each change: checked here by the server's
 * own settings rule first (decision 006), and a refusal of the server shown under the field.
 */
function ManualIds({ status, onSaved }: { status: GoogleStatus; onSaved: () => void }) {
  const initial: IdDrafts = { gmb_account_id: status.accountId ?? '', gmb_location_id: status.locationId ?? '' };
  const [drafts, setDrafts] = useState<IdDrafts>(initial);
  const [stored, setStored] = useState<IdDrafts>(initial);
  const [errors, setErrors] = useState<Partial<Record<IdKey, string>>>({});
  const [states, setStates] = useState<Partial<Record<IdKey, 'saving' | 'saved'>>>({});

  const save = async (key: IdKey) => {
    const value = drafts[key].trim();
    if (value === stored[key] || states[key] === 'saving') return;
    const checked = checkSettingValue(key, value);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, [key]: checked.message }));
      return;
    }
    setStates((s) => ({ ...s, [key]: 'saving' }));
    try {
      const setting = await adminRequest<{ key: string; value: string }>('PUT', `/api/settings/${key}`, { value: checked.value });
      setStored((s) => ({ ...s, [key]: setting.value }));
      setDrafts((d) => ({ ...d, [key]: setting.value }));
      setStates((s) => ({ ...s, [key]: 'saved' }));
      onSaved();
    } catch (error) {
      setStates((s) => ({ ...s, [key]: undefined }));
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) setErrors((e) => ({ ...e, [key]: error.serverMessage }));
      else showFailure('Failed to update setting', error);
    }
  };

  return (
    <div class="grid gap-4 sm:grid-cols-2">
      {ID_KEYS.map((key) => {
        const state = states[key];
        return (
          <Field
            key={key}
            id={key.replace(/_/g, '-')}
            label={ID_FIELDS[key]}
            error={errors[key]}
            hint={state === 'saving' ? 'Saving...' : state === 'saved' ? 'Saved' : ID_HINT}
            value={drafts[key]}
            inputMode="numeric"
            autoComplete="off"
            spellcheck={false}
            placeholder="123456789012345678"
            disabled={state === 'saving'}
            class="input font-mono"
            onInput={(e) => {
              const value = e.currentTarget.value;
              setDrafts((d) => ({ ...d, [key]: value }));
              if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
              if (state === 'saved') setStates((s) => ({ ...s, [key]: undefined }));
            }}
            onBlur={() => void save(key)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        );
      })}
    </div>
  );
}

interface Props {
  slug: string;
  /** The workspace's time zone, for the last sync's time. */
  timeZone: string;
  /** Where Google sends the owner back after consent: what the server's operator registers with Google. */
  googleReturnAddress?: string;
}

/** The Google My Business Profile card of the admin panel, in every state of its connection. */
export default function GoogleProfileCard({ slug, timeZone, googleReturnAddress }: Props) {
  const [status, setStatus] = useState<GoogleStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [work, setWork] = useState<Work | null>(null);
  /** Back from Google's consent screen: the card (last on the panel) is brought into view once it shows its state. */
  const [returned, setReturned] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  const load = async () => {
    try {
      setStatus(await adminRequest<GoogleStatus>('GET', GMB_URLS.status));
      setLoadFailed(false);
    } catch {
      // A failed refresh keeps what is shown; only a first load shows the error.
      setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: load is new on every render
  useEffect(() => {
    // Back from Google's consent screen: say how it went once, and keep the address clean.
    const toast = oauthReturnToast(window.location.search);
    if (toast) {
      showAdminToast(toast);
      window.history.replaceState(window.history.state, '', withoutOAuthParams(window.location.href));
      setReturned(true);
    }
    void load();
    // Coming back to this page from Google through the Back button restores it as it was left.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setWork(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  // A sync (scheduled or from another screen) announces new data: the last sync line follows.
  useLiveReload(load);

  useEffect(() => {
    if (!returned || status === null) return;
    body.current?.closest('section')?.scrollIntoView({ block: 'start' });
    setReturned(false);
  }, [returned, status]);

  const discover = async () => {
    setWork('discover');
    try {
      const found = await adminRequest<DiscoveryAnswer>('GET', GMB_URLS.discover);
      if (found.success) {
        const ids = [found.accountId && `Account ${shortId(found.accountId)}`, found.locationId && `Location ${shortId(found.locationId)}`].filter(Boolean);
        showAdminToast({ title: 'Location Found', description: ids.join(' · ') || undefined, variant: 'success' });
        await load();
      } else {
        showAdminToast(discoveryFailureToast(found.error));
      }
    } catch (error) {
      if (!(error instanceof AdminAccessLost)) showAdminToast(discoveryFailureToast(error instanceof ApiError ? error.serverMessage : null));
    } finally {
      setWork(null);
    }
  };

  const poll = async () => {
    setWork('poll');
    try {
      showAdminToast(pollSuccessToast(await adminRequest<GmbPollResult>('POST', GMB_URLS.poll)));
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      showAdminToast(pollFailureToast());
    } finally {
      setWork(null);
    }
    await load();
  };

  const disconnect = async () => {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setWork('disconnect');
    try {
      await adminRequest('POST', GMB_URLS.disconnect);
      showAdminToast({ title: 'Google Account Disconnected', description: 'Reviews already imported are kept.', variant: 'success' });
      await load();
    } catch (error) {
      showFailure('Failed to disconnect Google', error);
    } finally {
      setWork(null);
    }
  };

  const state = status ? gmbCardState(status) : null;
  const busy = work !== null;
  const connectLabel = state === 'broken' || state === 'incomplete' || state === 'ready' ? 'Reconnect' : 'Connect Google Account';
  const connectButton = (variant: 'primary' | 'secondary') => (
    // Its own click must keep the href: the re-render runs before the browser follows the link.
    <NavButton href={GMB_URLS.connect} variant={variant} disabled={busy && work !== 'connect'} onClick={() => setWork('connect')}>
      {variant === 'primary' && (
        <span class="flex h-5 w-5 items-center justify-center rounded-full bg-white">
          <GoogleIcon />
        </span>
      )}
      {work === 'connect' ? 'Opening Google...' : connectLabel}
    </NavButton>
  );
  const viewReviews = (
    <NavButton href={`/${slug}/gmb-reviews`} variant="primary" disabled={busy}>
      View Google Reviews
    </NavButton>
  );
  // Like the webhook card's Rotate URL: the destructive action apart, under a line, with what it means.
  const footer = (
    <div class="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p class="text-xs text-slate-500">
        {state === 'ready' ? 'Reviews sync by themselves every 15 minutes. ' : ''}Disconnecting keeps the reviews already imported.
      </p>
      <button type="button" class="btn btn-secondary shrink-0 text-red-600 hover:bg-red-50" disabled={busy} onClick={() => void disconnect()}>
        {work === 'disconnect' ? 'Disconnecting...' : 'Disconnect'}
      </button>
    </div>
  );

  return (
    <AdminCard
      title="Google My Business Profile"
      description="Import your Google reviews and match them to your team's requests."
      class={state === 'upgrade' ? 'opacity-60' : ''}
      actions={state && <StatusBadge state={state} />}
    >
      <div ref={body}>
        {status === null || state === null ? (
          loadFailed ? (
            <LoadError message="The Google connection could not be loaded." onRetry={() => void load()} />
          ) : (
            <LoadingRows label="Loading the Google connection..." rows={2} />
          )
        ) : state === 'upgrade' ? (
          <div data-testid="gmb-upgrade" class="space-y-4 select-none">
            <p class="text-sm font-medium text-slate-700">Your plan does not include the Google connection. Upgrade to a paid plan to use it.</p>
            <div inert class="pointer-events-none space-y-4">
              <Benefits />
              <button type="button" class="btn btn-primary" disabled>
                Upgrade Required
              </button>
            </div>
          </div>
        ) : state === 'unconfigured' ? (
          <Notice tone="slate" title="Google sign-in is not set up on this server">
            <p>Ask whoever runs the server to set up Google sign-in for it. Once they have, a Connect Google Account button appears here.</p>
            {googleReturnAddress && (
              <p>
                They will need the address Google sends you back to after you sign in:
                <code class="mt-1 block text-xs break-all">{googleReturnAddress}</code>
              </p>
            )}
          </Notice>
        ) : state === 'disconnected' ? (
          <div class="space-y-5">
            <Benefits />
            <div>{connectButton('primary')}</div>
          </div>
        ) : state === 'broken' ? (
          <div class="space-y-4">
            <Notice tone="red" title="Google no longer accepts this connection">
              <p>
                Google refused the saved sign-in: it was revoked, unused for six months, or made while the Google app was in testing. No reviews sync until you
                reconnect; those already imported are kept.
              </p>
            </Notice>
            <Details status={status} timeZone={timeZone} withSync />
            <div>{connectButton('primary')}</div>
            {footer}
          </div>
        ) : (
          <div class="space-y-4">
            {state === 'incomplete' && (
              <>
                <Notice tone="amber" title="Setup Incomplete">
                  <p>
                    Google is connected, but the business account and location to read reviews from are not known yet. A new Google Cloud project is often
                    blocked until Google approves its quota: try again, or enter the IDs by hand.
                  </p>
                  <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => void discover()}>
                    {work === 'discover' ? 'Discovering...' : 'Try Auto-Discover One More Time'}
                  </button>
                </Notice>
                <ManualIds status={status} onSaved={() => void load()} />
              </>
            )}
            <Details status={status} timeZone={timeZone} withSync={state === 'ready'} />
            <div class="flex flex-wrap items-center gap-2">
              {viewReviews}
              {state === 'ready' && (
                <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => void poll()}>
                  {work === 'poll' ? 'Polling...' : 'Poll Now'}
                </button>
              )}
              {connectButton('secondary')}
            </div>
            {footer}
          </div>
        )}
      </div>
    </AdminCard>
  );
}
