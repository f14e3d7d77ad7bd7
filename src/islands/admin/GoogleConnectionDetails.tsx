import type { ComponentChildren } from 'preact';
import { formatDateTime } from '#shared/format-date.ts';
import { GOOGLE_PUSH_PATH } from '#shared/paths.ts';
import { type GoogleStatus, type LastSync, pushOn, shortId, syncCounts } from '../gmb/google-profile.ts';

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

/** Google's notifications (issue 30): on, off with Google's refusal, or off with how to turn them on. */
function PushText({ push, timeZone }: { push: GoogleStatus['push']; timeZone: string }) {
  const last = push.lastNotificationAt ? (
    <span class="text-slate-500">
      {' '}
      · last notification <time dateTime={push.lastNotificationAt}>{formatDateTime(push.lastNotificationAt, timeZone)}</time>
    </span>
  ) : null;
  if (pushOn(push)) {
    return (
      <span data-testid="gmb-push">
        <span class="font-medium text-emerald-700">On</span>
        {last ?? <span class="text-slate-500"> · no review posted since</span>}
        <span class="mt-1 block text-xs text-slate-500">New Google reviews reach the wallboard within seconds; the sync checks hourly.</span>
      </span>
    );
  }
  if (push.error) {
    return (
      <span data-testid="gmb-push">
        <span class="font-medium text-red-700">Off</span>
        <span class="mt-1 block text-xs break-words text-red-700">{push.error}</span>
      </span>
    );
  }
  return (
    <span data-testid="gmb-push">
      <span class="font-medium text-slate-700">Off</span>
      <span class="text-slate-500"> · reviews arrive with the sync, every 15 minutes</span>
      <span class="mt-1 block text-xs text-slate-500">
        To have them within seconds, whoever runs this server names a Google Cloud Pub/Sub topic (GOOGLE_PUBSUB_TOPIC) that Google may publish to, and pushes it
        to <code class="break-all">{GOOGLE_PUSH_PATH}</code> with authentication on.
      </span>
    </span>
  );
}

/** What is connected: the location, the IDs (their first 8 characters) and the last sync. */
export function GoogleConnectionDetails({ status, timeZone, withSync }: { status: GoogleStatus; timeZone: string; withSync: boolean }) {
  const rows: [string, ComponentChildren][] = [];
  if (status.locationTitle) rows.push(['Location', <span class="font-medium text-slate-900">{status.locationTitle}</span>]);
  if (status.accountId) rows.push(['Account ID', <code title={status.accountId}>{shortId(status.accountId)}</code>]);
  if (status.locationId) rows.push(['Location ID', <code title={status.locationId}>{shortId(status.locationId)}</code>]);
  if (withSync || status.lastSync) rows.push(['Last sync', <LastSyncText sync={status.lastSync} timeZone={timeZone} />]);
  if (withSync) rows.push(['Instant reviews', <PushText push={status.push} timeZone={timeZone} />]);
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
