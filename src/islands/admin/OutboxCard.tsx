import { useState } from 'preact/hooks';
import { AdminCard, EmptyNote, Loaded, RefreshButton } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import type { OutboxStatus } from '#shared/statuses.ts';
import type { OutboxEntry } from '#domain/email/outbox.ts';
import { formatDateTime } from '#shared/format-date.ts';
import { TextOutbox } from './TextOutbox.tsx';

const BADGES: Record<OutboxStatus, { label: string; class: string }> = {
  sent: { label: 'Sent', class: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  failed: { label: 'Failed', class: 'bg-red-50 text-red-700 ring-red-600/20' },
  'not sent: no SMTP': { label: 'Not sent: email not set up', class: 'bg-amber-50 text-amber-800 ring-amber-600/20' },
  pending: { label: 'Sending', class: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  retrying: { label: 'Retrying', class: 'bg-amber-50 text-amber-800 ring-amber-600/20' },
};

const NO_SMTP_HINT =
  'This workspace does not send email yet, so the email was kept here. Send the customer their review link yourself, or ask whoever runs the server to set up email, then resend it.';

const attemptsText = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;
const canResend = (entry: OutboxEntry) => entry.status === 'failed' || entry.status === 'not sent: no SMTP';

/** The Outbox: every review-request email, sent or not, with the reason and a Resend button. */
export default function OutboxCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const {
    data: entries,
    setData: setEntries,
    loadFailed,
    loading: refreshing,
    load,
  } = useAdminData(() => adminRequest<OutboxEntry[]>('GET', '/api/admin/outbox'));
  const [resendingId, setResendingId] = useState<number | null>(null);

  const resend = async (entry: OutboxEntry) => {
    setResendingId(entry.id);
    try {
      const updated = await adminRequest<OutboxEntry>('POST', `/api/admin/outbox/${entry.id}/resend`);
      setEntries((current) => current?.map((e) => (e.id === updated.id ? updated : e)) ?? null);
      if (updated.status === 'sent') showAdminToast({ title: 'Email sent', description: `Delivered to ${updated.to}`, variant: 'success' });
      else if (updated.status === 'pending') showAdminToast({ title: 'Email queued', description: `It goes to ${updated.to} shortly`, variant: 'success' });
      else if (updated.status === 'retrying')
        showAdminToast({
          title: 'Not sent yet',
          description: 'The mail server did not accept it yet: it will be tried again automatically.',
          variant: 'destructive',
        });
      else
        showAdminToast({
          title: 'Failed to resend email',
          description: updated.status === 'not sent: no SMTP' ? NO_SMTP_HINT : (updated.error ?? 'The mail server did not accept it.'),
          variant: 'destructive',
        });
    } catch (error) {
      showFailure('Failed to resend email', error);
      void load();
    } finally {
      setResendingId(null);
    }
  };

  return (
    <AdminCard
      title="Outbox"
      description="Review request emails and texts, sent or waiting to be sent. A refused one is tried again by itself for a day; failed ones can be sent again."
      actions={<RefreshButton onClick={() => void load()} refreshing={refreshing} loaded={entries !== null} />}
    >
      <Loaded
        data={entries}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The outbox could not be loaded."
        loadingLabel="Loading the outbox..."
        empty={<EmptyNote>No emails yet. They appear here when staff log a review request.</EmptyNote>}
      >
        {(entries) => (
          <ul class="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200" aria-label="Emails">
            {entries.map((entry) => {
              const badge = BADGES[entry.status];
              const busy = resendingId === entry.id;
              return (
                <li key={entry.id} class="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start">
                  <div class="min-w-0 flex-1">
                    <div class="flex flex-wrap items-center gap-2">
                      <span class={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge.class}`}>
                        {badge.label}
                      </span>
                      <p class="min-w-0 text-sm font-medium text-slate-900 wrap-anywhere">{entry.subject}</p>
                    </div>
                    <p class="mt-1 text-sm break-all text-slate-600">To {entry.to}</p>
                    <p class="mt-0.5 text-xs text-slate-500">
                      {entry.sentAt ? `Sent ${formatDateTime(entry.sentAt, timeZone)}` : `Logged ${formatDateTime(entry.createdAt, timeZone)}`}
                      {entry.attempts > 0 && ` · ${attemptsText(entry.attempts)}`}
                    </p>
                    {entry.status === 'failed' && entry.error && (
                      <p class="mt-1.5 rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-700">{entry.error}</p>
                    )}
                    {entry.status === 'retrying' && (
                      <>
                        {entry.error && <p class="mt-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs break-words text-amber-800">{entry.error}</p>}
                        <p class="mt-1 text-xs text-amber-800">Not accepted yet: it will be tried again automatically.</p>
                      </>
                    )}
                    {entry.status === 'not sent: no SMTP' && <p class="mt-1.5 text-xs text-amber-800">{NO_SMTP_HINT}</p>}
                  </div>
                  {canResend(entry) && (
                    <button
                      type="button"
                      class="btn btn-secondary shrink-0 self-start px-3 py-1.5"
                      onClick={() => void resend(entry)}
                      disabled={busy}
                      aria-label={`Resend the email to ${entry.to}`}
                    >
                      {busy ? 'Sending...' : 'Resend'}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
      <TextOutbox timeZone={timeZone} />
    </AdminCard>
  );
}
