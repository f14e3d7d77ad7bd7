import { useState } from 'preact/hooks';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import type { AlertsView } from '#domain/integrations/alerts/store.ts';
import type { AlertEvent } from '#shared/event-names.ts';
import { ApiError } from '../api.ts';

type Channel = 'slack' | 'teams';

const CHANNELS: { key: Channel; field: 'slackWebhookUrl' | 'teamsWebhookUrl'; label: string; placeholder: string; help: string }[] = [
  {
    key: 'slack',
    field: 'slackWebhookUrl',
    label: 'Slack webhook URL',
    placeholder: 'https://hooks.slack.com/services/...',
    help: 'In Slack: Apps, Incoming Webhooks, Add to Slack, pick the channel, copy the Webhook URL.',
  },
  {
    key: 'teams',
    field: 'teamsWebhookUrl',
    label: 'Teams webhook URL',
    placeholder: 'https://...logic.azure.com/workflows/...',
    help: 'In Teams: on the channel, Workflows, "Post to a channel when a webhook request is received", copy the URL.',
  },
];

const EVENT_LABELS: Record<AlertEvent, string> = {
  'review.matched': 'A new review is matched to a team',
  'goal.reached': 'A weekly goal is reached',
  'target.reached': 'The challenge target is reached',
};

interface TestAnswer {
  message: string;
  results: Partial<Record<Channel, { sent: boolean; error: string | null }>>;
  alerts: AlertsView;
}

/** Slack and Teams alerts: the channels' webhook URLs (write-only), which events post, a test message. */
export default function AlertsCard() {
  const { data: alerts, setData: setAlerts, loadFailed, load } = useAdminData(() => adminRequest<AlertsView>('GET', '/api/admin/alerts'));
  const [urls, setUrls] = useState<Record<Channel, string>>({ slack: '', teams: '' });
  const [errors, setErrors] = useState<Partial<Record<Channel, string>>>({});
  const [busy, setBusy] = useState<'save' | 'test' | Channel | null>(null);

  const save = async (change: Record<string, unknown>, done: string) => {
    try {
      const saved = await adminRequest<AlertsView>('PUT', '/api/admin/alerts', change);
      setAlerts(saved);
      showAdminToast({ title: done, variant: 'success' });
      return true;
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const channel = CHANNELS.find((c) => c.field === field)?.key;
      if (channel && error instanceof ApiError) setErrors((e) => ({ ...e, [channel]: error.serverMessage ?? error.message }));
      else showFailure('Failed to save alerts', error);
      return false;
    }
  };

  const saveUrls = async (event: Event) => {
    event.preventDefault();
    const change: Record<string, string> = {};
    for (const channel of CHANNELS) if (urls[channel.key].trim()) change[channel.field] = urls[channel.key].trim();
    if (Object.keys(change).length === 0) return;
    setErrors({});
    setBusy('save');
    if (await save(change, 'Alerts saved')) setUrls({ slack: '', teams: '' });
    setBusy(null);
  };

  const remove = async (channel: (typeof CHANNELS)[number]) => {
    if (!window.confirm(`Stop posting alerts to ${channel.key === 'slack' ? 'Slack' : 'Teams'}?`)) return;
    setBusy(channel.key);
    await save({ [channel.field]: null }, channel.key === 'slack' ? 'Slack removed' : 'Teams removed');
    setBusy(null);
  };

  const toggle = async (name: AlertEvent, on: boolean) => {
    if (!alerts) return;
    const events = on ? [...alerts.events, name] : alerts.events.filter((e) => e !== name);
    await save({ events }, 'Alerts saved');
  };

  const test = async () => {
    setBusy('test');
    try {
      const answer = await adminRequest<TestAnswer>('POST', '/api/admin/alerts/test');
      setAlerts(answer.alerts);
      const failed = Object.values(answer.results).some((r) => r && !r.sent);
      showAdminToast({
        title: failed ? 'Test message not sent' : 'Test message sent',
        description: answer.message,
        variant: failed ? 'destructive' : 'success',
      });
    } catch (error) {
      showFailure('Failed to send the test message', error);
    } finally {
      setBusy(null);
    }
  };

  const configured = alerts ? CHANNELS.some((c) => alerts[c.key].configured) : false;

  return (
    <AdminCard
      title="Slack and Teams alerts"
      description="Celebrate in the channels your team already reads. Alerts name the team, the staff member and the stars, never the customer."
      actions={
        <button type="button" class="btn btn-secondary shrink-0 px-3 py-1.5" onClick={() => void test()} disabled={!configured || busy !== null}>
          {busy === 'test' ? 'Sending...' : 'Send test message'}
        </button>
      }
    >
      <Loaded
        data={alerts}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The alert settings could not be loaded."
        loadingLabel="Loading the alert settings..."
        rows={2}
      >
        {(alerts) => (
          <div class="space-y-6">
            <form class="space-y-5" onSubmit={saveUrls} noValidate aria-label="Alert channels">
              {CHANNELS.map((channel) => {
                const state = alerts[channel.key];
                const id = `alert-${channel.key}`;
                return (
                  <div key={channel.key}>
                    <div class="flex flex-wrap items-center justify-between gap-2">
                      <label for={id} class="text-sm font-medium text-slate-900">
                        {channel.label}
                      </label>
                      {state.configured ? (
                        <span class="inline-flex items-center gap-2">
                          <span class="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">
                            Connected
                          </span>
                          <button
                            type="button"
                            class="text-xs font-medium text-red-700 hover:underline"
                            onClick={() => void remove(channel)}
                            disabled={busy !== null}
                          >
                            Remove
                          </button>
                        </span>
                      ) : (
                        <span class="text-xs text-slate-500">Not set up</span>
                      )}
                    </div>
                    <input
                      id={id}
                      type="url"
                      class="input mt-1.5"
                      placeholder={state.configured ? 'Saved. Paste a new URL to replace it' : channel.placeholder}
                      value={urls[channel.key]}
                      autoComplete="off"
                      spellcheck={false}
                      aria-invalid={errors[channel.key] ? 'true' : undefined}
                      aria-describedby={`${id}-help${errors[channel.key] ? ` ${id}-error` : ''}`}
                      onInput={(e) => setUrls((u) => ({ ...u, [channel.key]: e.currentTarget.value }))}
                    />
                    {errors[channel.key] && (
                      <p id={`${id}-error`} class="mt-1 text-sm text-red-700">
                        {errors[channel.key]}
                      </p>
                    )}
                    <p id={`${id}-help`} class="mt-1 text-xs text-slate-500">
                      {channel.help}
                    </p>
                    {state.lastError && (
                      <p class="mt-1.5 rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-700" role="status">
                        Last attempt failed: {state.lastError}
                      </p>
                    )}
                  </div>
                );
              })}
              <button type="submit" class="btn btn-primary" disabled={busy !== null || !(urls.slack.trim() || urls.teams.trim())}>
                {busy === 'save' ? 'Saving...' : 'Save'}
              </button>
            </form>
            <fieldset class="space-y-2">
              <legend class="text-sm font-medium text-slate-900">Post an alert when</legend>
              {(Object.keys(EVENT_LABELS) as AlertEvent[]).map((name) => (
                <label key={name} class="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    class="h-4 w-4 rounded border-slate-300"
                    checked={alerts.events.includes(name)}
                    onChange={(e) => void toggle(name, e.currentTarget.checked)}
                  />
                  {EVENT_LABELS[name]}
                </label>
              ))}
            </fieldset>
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
