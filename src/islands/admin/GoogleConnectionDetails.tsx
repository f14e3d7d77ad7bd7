import type { ComponentChildren } from 'preact';
import { formatDateTime } from '#shared/format-date.ts';
import { type GoogleStatus, type LastSync, shortId, syncCounts } from '../gmb/google-profile.ts';

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
export function GoogleConnectionDetails({ status, timeZone, withSync }: { status: GoogleStatus; timeZone: string; withSync: boolean }) {
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
