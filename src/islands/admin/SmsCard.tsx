import { useState } from 'preact/hooks';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import type { SmsAccountView } from '#domain/sms/account.ts';
import { Field } from '../ui/Field.tsx';
import { ApiError } from '../api.ts';

type FieldName = 'accountSid' | 'authToken' | 'apiKeySid' | 'apiKeySecret' | 'messagingServiceSid' | 'from';

const EMPTY: Record<FieldName, string> = { accountSid: '', authToken: '', apiKeySid: '', apiKeySecret: '', messagingServiceSid: '', from: '' };

/** Where each value is in Twilio's console, in the words of the console. */
const FIELDS: { name: FieldName; label: string; hint: string; secret?: boolean; optional?: boolean }[] = [
  { name: 'accountSid', label: 'Account SID', hint: 'Starts with AC. On the Twilio console’s home page, under Account Info.' },
  {
    name: 'authToken',
    label: 'Auth token',
    hint: 'Beside the Account SID: click Show, then copy. It checks that replies really come from Twilio.',
    secret: true,
  },
  {
    name: 'messagingServiceSid',
    label: 'Messaging Service SID',
    hint: 'Starts with MG. Messaging → Services. Use it, or a sender number below.',
    optional: true,
  },
  { name: 'from', label: 'Sender number', hint: 'Your Twilio number in international form, such as +61412345678.', optional: true },
  { name: 'apiKeySid', label: 'API key SID (optional)', hint: 'Starts with SK. Account → API keys. Leave empty to send with the auth token.', optional: true },
  { name: 'apiKeySecret', label: 'API key secret (optional)', hint: 'Shown once when the key is made.', secret: true, optional: true },
];

/** Text messages through the business's own Twilio account: set up, test, remove. */
export default function SmsCard() {
  const { data: account, setData: setAccount, loadFailed, load } = useAdminData(() => adminRequest<SmsAccountView>('GET', '/api/admin/sms'));
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'phone', string>>>({});
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null);

  const save = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setBusy('save');
    try {
      const body = Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''));
      setAccount(await adminRequest<SmsAccountView>('PUT', '/api/admin/sms', body));
      setForm(EMPTY);
      showAdminToast({ title: 'Text messages set up', description: 'Send a test message to check.', variant: 'success' });
    } catch (error) {
      const field = error instanceof ApiError ? (error.field as FieldName | undefined) : undefined;
      if (field && field in EMPTY && error instanceof ApiError) setErrors({ [field]: error.serverMessage ?? error.message });
      else showFailure('Failed to save the Twilio account', error);
    } finally {
      setBusy(null);
    }
  };

  const test = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setBusy('test');
    try {
      await adminRequest('POST', '/api/admin/sms/test', { phone });
      showAdminToast({ title: 'Test message sent', description: `Check the phone ending ${phone.replace(/\D/g, '').slice(-3)}.`, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'phone') setErrors({ phone: error.serverMessage ?? error.message });
      else showFailure('Test message not sent', error);
      void load();
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!window.confirm('Stop sending text messages? Requests go by email only until Twilio is set up again.')) return;
    setBusy('remove');
    try {
      setAccount(await adminRequest<SmsAccountView>('DELETE', '/api/admin/sms'));
      showAdminToast({ title: 'Text messages turned off', variant: 'success' });
    } catch (error) {
      showFailure('Failed to remove the Twilio account', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminCard
      title="SMS"
      description="Ask for reviews by text message, where most customers answer. Texts go from your own Twilio account; none are sent between the quiet hours in Settings (sms quiet start and end)."
    >
      <Loaded
        data={account}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The SMS settings could not be loaded."
        loadingLabel="Loading the SMS settings..."
        rows={2}
      >
        {(account) => (
          <div class="space-y-6">
            {account.configured ? (
              <div class="space-y-3">
                <p class="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span class="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">
                    Connected
                  </span>
                  <span class="break-all">
                    Account {account.accountSid}, sending from {account.sender}
                  </span>
                  <button type="button" class="text-xs font-medium text-red-700 hover:underline" onClick={() => void remove()} disabled={busy !== null}>
                    Remove
                  </button>
                </p>
                {account.lastError && (
                  <p class="rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-700" role="status">
                    Last attempt failed: {account.lastError}
                  </p>
                )}
                <form class="flex flex-wrap items-end gap-3" onSubmit={test} noValidate aria-label="Send a test message">
                  <div class="min-w-0 flex-1">
                    <Field
                      id="sms-test-phone"
                      label="Your mobile number"
                      type="tel"
                      autoComplete="tel"
                      value={phone}
                      error={errors.phone}
                      onInput={(e) => setPhone(e.currentTarget.value)}
                    />
                  </div>
                  <button type="submit" class="btn btn-secondary" disabled={busy !== null || phone.trim() === ''}>
                    {busy === 'test' ? 'Sending...' : 'Send test message'}
                  </button>
                </form>
              </div>
            ) : (
              <p class="text-sm text-slate-600">Not set up: the log form offers email only.</p>
            )}
            <form class="space-y-4" onSubmit={save} noValidate aria-label="Twilio account">
              <p class="text-sm font-medium text-slate-900">{account.configured ? 'Replace the Twilio account' : 'Connect your Twilio account'}</p>
              <div class="grid gap-4 sm:grid-cols-2">
                {FIELDS.map((field) => (
                  <Field
                    key={field.name}
                    id={`sms-${field.name}`}
                    label={field.label}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete="off"
                    spellcheck={false}
                    value={form[field.name]}
                    error={errors[field.name]}
                    hint={field.hint}
                    onInput={(e) => setForm((f) => ({ ...f, [field.name]: e.currentTarget.value }))}
                  />
                ))}
              </div>
              <p class="text-xs text-slate-500">
                Secrets are stored encrypted and never shown again. Point your Twilio number’s incoming messages to this site’s /api/webhooks/twilio/inbound so
                STOP replies are honoured.
              </p>
              <button type="submit" class="btn btn-primary" disabled={busy !== null || !form.accountSid.trim() || !form.authToken.trim()}>
                {busy === 'save' ? 'Saving...' : 'Save'}
              </button>
            </form>
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
