import { useState } from 'preact/hooks';
import type { DeliveryEntry } from '#domain/integrations/crm/delivery-log.ts';
import type { CrmDeliveryStatus } from '#shared/statuses.ts';
import { formatDateTime } from '#shared/format-date.ts';
import { EmptyNote, Loaded, RefreshButton } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';

const BADGES: Record<CrmDeliveryStatus, { label: string; class: string }> = {
  stored: { label: 'Stored', class: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  duplicate: { label: 'Duplicate', class: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  refused: { label: 'Refused', class: 'bg-red-50 text-red-700 ring-red-600/20' },
};

/**
 * Every delivery the CRM made to the webhook, newest first: stored, a repeat, or refused with the
 * reason. HighLevel does not send a refused delivery again, so "Process again" does it from here.
 */
export default function CrmDeliveryLog({ timeZone }: { timeZone: string }) {
  const { data, setData, loadFailed, loading, load } = useAdminData(
    async () => (await adminRequest<{ deliveries: DeliveryEntry[] }>('GET', '/api/admin/crm-webhook/deliveries')).deliveries,
  );
  const [busyId, setBusyId] = useState<number | null>(null);

  const processAgain = async (entry: DeliveryEntry) => {
    setBusyId(entry.id);
    try {
      const { delivery } = await adminRequest<{ delivery: DeliveryEntry }>('POST', `/api/admin/crm-webhook/deliveries/${entry.id}/retry`);
      setData((current) => current?.map((e) => (e.id === delivery.id ? delivery : e)) ?? null);
      showAdminToast(
        delivery.kind === 'request'
          ? delivery.status === 'stored'
            ? { title: 'Request logged', description: 'The delivery was processed again and its review request email is on its way.', variant: 'success' }
            : { title: 'Already received', description: 'This review request was logged before.', variant: 'success' }
          : delivery.status === 'stored'
            ? { title: 'Review stored', description: 'The delivery was processed again and its review is on the dashboard.', variant: 'success' }
            : { title: 'Already received', description: 'This review was stored before.', variant: 'success' },
      );
    } catch (error) {
      showFailure('Still refused', error);
      void load();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section aria-labelledby="crm-delivery-log" class="border-t border-slate-100 pt-4">
      <div class="mb-3 flex items-center justify-between gap-2">
        <div>
          <h4 id="crm-delivery-log" class="text-sm font-semibold text-slate-900">
            Delivery log
          </h4>
          <p class="text-xs text-slate-500">The last 200 deliveries, with the reason for any that were refused.</p>
        </div>
        <RefreshButton onClick={() => void load()} refreshing={loading} loaded={data !== null} />
      </div>
      <Loaded
        data={data}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The delivery log could not be loaded."
        loadingLabel="Loading the delivery log..."
        rows={2}
        empty={<EmptyNote>No deliveries yet. Use Test Workflow in HighLevel and the delivery appears here.</EmptyNote>}
      >
        {(data) => (
          <ul class="max-h-[24rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200" aria-label="Deliveries">
            {data.map((entry) => (
              <li key={entry.id} class="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start">
                <div class="min-w-0 flex-1">
                  <div class="flex flex-wrap items-center gap-2">
                    <span class={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGES[entry.status].class}`}>
                      {BADGES[entry.status].label}
                    </span>
                    <span class="text-xs text-slate-500">{formatDateTime(entry.receivedAt, timeZone)}</span>
                    {entry.kind === 'request' && <span class="text-xs font-medium text-slate-600">Review request webhook</span>}
                    {entry.reviewId !== null && <span class="text-xs text-slate-500">Review #{entry.reviewId}</span>}
                    {entry.requestId !== null && <span class="text-xs text-slate-500">Request #{entry.requestId}</span>}
                  </div>
                  {entry.reason && entry.status === 'refused' && (
                    <p class="mt-1.5 rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-700">{entry.reason}</p>
                  )}
                  {entry.reason && entry.status !== 'refused' && <p class="mt-1 text-xs text-slate-600">{entry.reason}</p>}
                  {entry.body && (
                    <details class="mt-1.5">
                      <summary class="cursor-pointer text-xs text-slate-500 hover:text-slate-700">What was sent</summary>
                      <pre class="mt-1 max-h-40 overflow-auto rounded-md bg-slate-50 p-2 text-[11px] break-all whitespace-pre-wrap text-slate-700">
                        {entry.body}
                      </pre>
                    </details>
                  )}
                </div>
                {entry.status === 'refused' && (
                  <button
                    type="button"
                    class="btn btn-secondary shrink-0 self-start px-3 py-1.5"
                    onClick={() => void processAgain(entry)}
                    disabled={busyId === entry.id}
                    aria-label={`Process again: the delivery of ${formatDateTime(entry.receivedAt, timeZone)}`}
                  >
                    {busyId === entry.id ? 'Processing...' : 'Process again'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}
