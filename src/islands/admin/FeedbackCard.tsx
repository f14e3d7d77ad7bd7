import { AdminCard, EmptyNote, Loaded, RefreshButton } from './AdminCard.tsx';
import { adminRequest } from './admin-api.ts';
import { useAdminData } from './use-admin-data.ts';
import type { FeedbackEntry } from '#domain/requests/review-link.ts';
import { formatDateTime } from '#shared/format-date.ts';

/** Private feedback customers sent from their review link page, newest first. */
export default function FeedbackCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const { data: entries, loadFailed, loading: refreshing, load } = useAdminData(() => adminRequest<FeedbackEntry[]>('GET', '/api/admin/feedback'));

  return (
    <AdminCard
      title="Private Feedback"
      description="Messages customers sent privately from their review link. Every customer is also offered the public Google review."
      actions={<RefreshButton onClick={() => void load()} refreshing={refreshing} loaded={entries !== null} />}
    >
      <Loaded
        data={entries}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The feedback could not be loaded."
        loadingLabel="Loading feedback..."
        empty={<EmptyNote>No private feedback yet. Customers can send it from the link in their review request email.</EmptyNote>}
      >
        {(entries) => (
          <ul class="max-h-[32rem] space-y-3 overflow-y-auto" aria-label="Private feedback">
            {entries.map((entry) => (
              <li key={entry.id} class="rounded-xl border border-slate-200 p-4">
                <div class="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p class="text-sm font-semibold text-slate-900">{entry.customerName ?? 'A customer'}</p>
                  <p class="text-xs text-slate-500">{formatDateTime(entry.createdAt, timeZone)}</p>
                </div>
                <p class="mt-2 text-sm whitespace-pre-line break-words text-slate-700">{entry.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </AdminCard>
  );
}
