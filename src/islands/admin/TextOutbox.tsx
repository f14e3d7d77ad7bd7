import { useState } from 'preact/hooks';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import type { SmsEntry } from '#domain/sms/outbox.ts';
import type { SmsStatus } from '#shared/statuses.ts';
import { formatDateTime } from '#shared/format-date.ts';

const GOOD = 'bg-emerald-50 text-emerald-700 ring-emerald-600/20';
const WAITING = 'bg-slate-100 text-slate-700 ring-slate-500/20';
const WARN = 'bg-amber-50 text-amber-800 ring-amber-600/20';
const BAD = 'bg-red-50 text-red-700 ring-red-600/20';

/** Each status in the words of the card. */
const BADGES: Record<SmsStatus, { label: string; class: string }> = {
  waiting: { label: 'Waiting for quiet hours to end', class: WAITING },
  pending: { label: 'Sending', class: WAITING },
  retrying: { label: 'Retrying', class: WARN },
  refused: { label: 'Refused', class: BAD },
  accepted: { label: 'With Twilio', class: WAITING },
  scheduled: { label: 'Scheduled', class: WAITING },
  queued: { label: 'With Twilio', class: WAITING },
  sending: { label: 'Sending', class: WAITING },
  sent: { label: 'Sent', class: GOOD },
  delivered: { label: 'Delivered', class: GOOD },
  undelivered: { label: 'Not delivered', class: BAD },
  failed: { label: 'Failed', class: BAD },
  read: { label: 'Read', class: GOOD },
  canceled: { label: 'Cancelled', class: BAD },
};

const RESENDABLE: ReadonlySet<SmsStatus> = new Set(['refused', 'failed', 'undelivered']);

/** The Outbox's text messages, beside its emails: where each stands, why one failed, and a Resend. */
export function TextOutbox({ timeZone }: { timeZone: string }) {
  const { data: texts, setData: setTexts, load } = useAdminData(() => adminRequest<SmsEntry[]>('GET', '/api/admin/outbox/texts'));
  const [resendingId, setResendingId] = useState<number | null>(null);
  if (!texts || texts.length === 0) return null;

  const resend = async (text: SmsEntry) => {
    setResendingId(text.id);
    try {
      const updated = await adminRequest<SmsEntry>('POST', `/api/admin/outbox/texts/${text.id}/resend`);
      setTexts((current) => current?.map((t) => (t.id === updated.id ? updated : t)) ?? null);
      showAdminToast({ title: 'Text queued', description: `It goes to ${updated.to} shortly`, variant: 'success' });
    } catch (error) {
      showFailure('Failed to resend the text', error);
      void load();
    } finally {
      setResendingId(null);
    }
  };

  return (
    <section class="mt-6" aria-labelledby="outbox-texts">
      <h4 id="outbox-texts" class="mb-2 text-sm font-semibold text-slate-900">
        Text messages
      </h4>
      <ul class="max-h-[24rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200" aria-label="Text messages">
        {texts.map((text) => {
          const badge = BADGES[text.status];
          return (
            <li key={text.id} class="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start">
              <div class="min-w-0 flex-1">
                <div class="flex flex-wrap items-center gap-2">
                  <span class={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge.class}`}>{badge.label}</span>
                  <p class="text-sm font-medium text-slate-900">To {text.to}</p>
                </div>
                <p class="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{text.body}</p>
                <p class="mt-0.5 text-xs text-slate-600">
                  {text.sendAfter
                    ? `Goes ${formatDateTime(text.sendAfter, timeZone)}`
                    : text.sentAt
                      ? `Sent ${formatDateTime(text.sentAt, timeZone)}`
                      : `Logged ${formatDateTime(text.createdAt, timeZone)}`}
                </p>
                {text.error && <p class="mt-1.5 rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-700">{text.error}</p>}
              </div>
              {RESENDABLE.has(text.status) && (
                <button
                  type="button"
                  class="btn btn-secondary shrink-0 self-start px-3 py-1.5"
                  onClick={() => void resend(text)}
                  disabled={resendingId === text.id}
                  aria-label={`Resend the text to ${text.to}`}
                >
                  {resendingId === text.id ? 'Sending...' : 'Resend'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
