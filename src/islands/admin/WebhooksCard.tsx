import { useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/event-names.ts';
import { OneTimeSecret } from './OneTimeSecret.tsx';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, Loaded, RefreshButton } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';

type DeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'failed';

interface Endpoint {
  id: number;
  url: string;
  events: string[];
  createdAt: string;
  lastDelivery: { status: DeliveryStatus; at: string } | null;
}

interface Attempt {
  at: string;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

interface Delivery {
  id: string;
  webhookId: string;
  eventType: string;
  status: DeliveryStatus;
  createdAt: string;
  attempts: Attempt[];
}

const EVENT_TEXT: Record<WebhookEvent, string> = {
  'review.created': 'A review arrives',
  'review.matched': 'A review is matched to a team',
  'request.logged': 'A review request is logged',
  'goal.reached': 'A weekly goal is reached',
};

const STATUS_BADGES: Record<DeliveryStatus, { label: string; class: string }> = {
  pending: { label: 'Sending', class: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
  delivered: { label: 'Delivered', class: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  retrying: { label: 'Retrying', class: 'bg-amber-50 text-amber-800 ring-amber-600/20' },
  failed: { label: 'Failed', class: 'bg-red-50 text-red-700 ring-red-600/20' },
};

function StatusBadge({ status }: { status: DeliveryStatus }) {
  const badge = STATUS_BADGES[status];
  return <span class={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge.class}`}>{badge.label}</span>;
}

const attemptResult = (a: Attempt) => (a.httpStatus !== null ? `HTTP ${a.httpStatus}` : 'No answer');

/** The deliveries of one endpoint, newest first, with every attempt and a Resend. */
function DeliveryLog({ endpoint, timeZone }: { endpoint: Endpoint; timeZone: string }) {
  const { data, loadFailed, loading, load } = useAdminData(() => adminRequest<Delivery[]>('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`));
  const [resendingId, setResendingId] = useState<string | null>(null);

  const resend = async (delivery: Delivery) => {
    setResendingId(delivery.id);
    try {
      await adminRequest('POST', `/api/admin/webhooks/deliveries/${delivery.id}/resend`);
      showAdminToast({ title: 'Delivery queued again', description: 'It is sent with the same body and webhook-id.', variant: 'success' });
      setTimeout(() => void load(), 1500);
    } catch (error) {
      showFailure('Failed to resend', error);
    } finally {
      setResendingId(null);
    }
  };

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} class="mt-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div class="mb-3 flex items-center justify-between gap-2">
        <p class="text-xs text-slate-500">The latest 100 deliveries, newest first.</p>
        <RefreshButton onClick={() => void load()} refreshing={loading} loaded={data !== null} />
      </div>
      <Loaded
        data={data}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The deliveries could not be loaded."
        loadingLabel="Loading deliveries"
        rows={2}
        empty={<EmptyNote>No deliveries yet. Use Send test to try the endpoint.</EmptyNote>}
      >
        {(data) => (
          <ul class="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white" aria-label="Deliveries">
            {data.map((delivery) => (
              <li key={delivery.id} class="px-3 py-3 sm:px-4">
                <div class="flex flex-wrap items-center gap-2">
                  <StatusBadge status={delivery.status} />
                  <span class="font-mono text-xs font-medium text-slate-800">{delivery.eventType}</span>
                  <span class="text-xs text-slate-500">{formatDateTime(delivery.createdAt, timeZone)}</span>
                  <button
                    type="button"
                    class="btn btn-ghost ml-auto px-2 py-1 text-xs"
                    onClick={() => resend(delivery)}
                    disabled={resendingId === delivery.id || delivery.status === 'pending'}
                  >
                    {resendingId === delivery.id ? 'Resending...' : 'Resend'}
                  </button>
                </div>
                <p class="mt-1 font-mono text-[11px] break-all text-slate-500">webhook-id {delivery.webhookId}</p>
                {delivery.attempts.length > 0 && (
                  <ol class="mt-2 space-y-1" aria-label="Attempts">
                    {delivery.attempts.map((attempt, i) => {
                      const ok = attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
                      return (
                        <li key={i} class="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs">
                          <span class="w-16 shrink-0 text-slate-500">Attempt {i + 1}</span>
                          <span class={`font-medium ${ok ? 'text-emerald-700' : 'text-red-700'}`}>{attemptResult(attempt)}</span>
                          <span class="text-slate-500">{attempt.durationMs} ms</span>
                          <span class="basis-full pl-[4.75rem] text-slate-500 sm:basis-auto sm:pl-0">{formatDateTime(attempt.at, timeZone)}</span>
                          {attempt.error && !ok && attempt.error !== attemptResult(attempt) && (
                            <span class="basis-full break-words text-red-700 sm:pl-[4.75rem]">{attempt.error}</span>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}

/** Outbound webhooks: URLs that get signed events (Standard Webhooks), with a delivery log. */
export default function WebhooksCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const { data: endpoints, setData: setEndpoints, loadFailed, load } = useAdminData(() => adminRequest<Endpoint[]>('GET', '/api/admin/webhooks'));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['review.created', 'review.matched']);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [busy, setBusy] = useState<{ id: number; action: 'test' | 'delete' } | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [logVersion, setLogVersion] = useState(0);

  const toggleEvent = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));

  const create = async (e: Event) => {
    e.preventDefault();
    if (!url.trim() || events.length === 0) return;
    setCreating(true);
    try {
      const { secret } = await adminRequest<{ id: number; secret: string }>('POST', '/api/admin/webhooks', { url: url.trim(), events });
      setCreated({ url: url.trim(), secret });
      setUrl('');
      await load();
    } catch (error) {
      showFailure('Failed to add webhook', error);
    } finally {
      setCreating(false);
    }
  };

  const sendTest = async (endpoint: Endpoint) => {
    setBusy({ id: endpoint.id, action: 'test' });
    try {
      const outcome = await adminRequest<{ status: DeliveryStatus; httpStatus: number | null; error: string | null; durationMs: number }>(
        'POST',
        `/api/admin/webhooks/${endpoint.id}/test`,
      );
      showAdminToast(
        outcome.status === 'delivered'
          ? { title: 'Test delivered', description: `The endpoint answered HTTP ${outcome.httpStatus} in ${outcome.durationMs} ms.`, variant: 'success' }
          : { title: 'Test not delivered', description: outcome.error ?? `The endpoint answered HTTP ${outcome.httpStatus}.`, variant: 'destructive' },
      );
      setLogVersion((v) => v + 1);
      await load();
    } catch (error) {
      showFailure('Failed to send the test', error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (endpoint: Endpoint) => {
    if (!window.confirm(`Delete the webhook to ${endpoint.url}? It gets no more events, and its delivery log is deleted.`)) return;
    setBusy({ id: endpoint.id, action: 'delete' });
    try {
      await adminRequest('DELETE', `/api/admin/webhooks/${endpoint.id}`);
      setEndpoints((current) => current?.filter((e) => e.id !== endpoint.id) ?? null);
      if (openId === endpoint.id) setOpenId(null);
      showAdminToast({ title: 'Webhook deleted', variant: 'success' });
    } catch (error) {
      showFailure('Failed to delete webhook', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminCard
      title="Webhooks"
      class="lg:col-span-2"
      description="Send events to your own systems as they happen. Each delivery is signed (Standard Webhooks) and retried for about a day if your endpoint does not answer."
    >
      <form onSubmit={create} class="space-y-4">
        <Field
          id="webhook-url"
          name={undefined}
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/reviews"
          maxLength={2000}
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          disabled={creating}
        />
        <fieldset>
          <legend class="label">Events</legend>
          <div class="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} class="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2.5 hover:bg-slate-50">
                <input
                  type="checkbox"
                  class="mt-0.5 h-4 w-4 rounded border-slate-300"
                  checked={events.includes(event)}
                  disabled={creating}
                  onChange={(e) => toggleEvent(event, e.currentTarget.checked)}
                />
                <span class="min-w-0">
                  <span class="block font-mono text-xs font-medium text-slate-900">{event}</span>
                  <span class="block text-xs text-slate-500">{EVENT_TEXT[event]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div class="flex justify-end">
          <button type="submit" class="btn btn-primary" disabled={creating || !url.trim() || events.length === 0}>
            {creating ? 'Adding...' : 'Add webhook'}
          </button>
        </div>
      </form>

      {created && (
        <OneTimeSecret
          title={`Signing secret for ${created.url}`}
          note={
            <>
              Verify each delivery's <code>webhook-signature</code> with it. Copy it now: <strong>you will not see it again.</strong>
            </>
          }
          value={created.secret}
          testId="webhook-secret"
          what="secret"
          onHide={() => setCreated(null)}
        />
      )}

      <div class="mt-5">
        <Loaded
          // A failed read after an add or a test shows the error, not a list that may be out of date.
          data={loadFailed ? null : endpoints}
          loadFailed={loadFailed}
          onRetry={load}
          errorMessage="The webhooks could not be loaded."
          loadingLabel="Loading webhooks"
          rows={2}
          empty={<EmptyNote>No webhooks yet. Add a URL above to start sending events.</EmptyNote>}
        >
          {(endpoints) => (
            <ul class="divide-y divide-slate-100" aria-label="Webhooks">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id} class="py-4">
                  <div class="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
                    <div class="min-w-0">
                      <p class="font-mono text-sm font-medium break-all text-slate-900">{endpoint.url}</p>
                      <div class="mt-1.5 flex flex-wrap gap-1.5">
                        {endpoint.events.map((event) => (
                          <span key={event} class="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-[11px] text-slate-700">
                            {event}
                          </span>
                        ))}
                      </div>
                      <p class="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                        <span>Added {formatDateTime(endpoint.createdAt, timeZone)}</span>
                        <span aria-hidden="true" class="hidden sm:inline">
                          ·
                        </span>
                        {endpoint.lastDelivery ? (
                          <span class="inline-flex items-center gap-1.5">
                            Last delivery <StatusBadge status={endpoint.lastDelivery.status} />
                          </span>
                        ) : (
                          <span>No deliveries yet</span>
                        )}
                      </p>
                    </div>
                    <div class="flex shrink-0 flex-wrap gap-2 max-sm:[&>button]:px-2.5">
                      <button type="button" class="btn btn-secondary px-3 py-1.5" onClick={() => sendTest(endpoint)} disabled={busy?.id === endpoint.id}>
                        {busy?.id === endpoint.id && busy.action === 'test' ? 'Sending...' : 'Send test'}
                      </button>
                      <button
                        type="button"
                        class="btn btn-secondary px-3 py-1.5"
                        aria-expanded={openId === endpoint.id}
                        onClick={() => setOpenId(openId === endpoint.id ? null : endpoint.id)}
                      >
                        Deliveries
                        <span aria-hidden="true" class={`ml-1.5 inline-block text-xs transition-transform ${openId === endpoint.id ? 'rotate-180' : ''}`}>
                          ▾
                        </span>
                      </button>
                      <button
                        type="button"
                        class="btn btn-ghost px-3 py-1.5 text-red-600 hover:bg-red-50"
                        onClick={() => remove(endpoint)}
                        disabled={busy?.id === endpoint.id}
                      >
                        {busy?.id === endpoint.id && busy.action === 'delete' ? 'Deleting...' : 'Delete'}
                      </button>
                    </div>
                  </div>
                  {openId === endpoint.id && <DeliveryLog key={`${endpoint.id}:${logVersion}`} endpoint={endpoint} timeZone={timeZone} />}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </div>
    </AdminCard>
  );
}
