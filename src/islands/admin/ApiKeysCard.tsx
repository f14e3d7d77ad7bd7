import { useState } from 'preact/hooks';
import { OneTimeSecret } from './OneTimeSecret.tsx';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import { formatDateTime } from '#shared/format-date.ts';

type Scope = 'read' | 'write';

interface ApiKey {
  id: number;
  name: string;
  scope: Scope;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const NAME_MAX = 60;
const SCOPE_TEXT: Record<Scope, string> = { read: 'Read only', write: 'Read and write' };

/** Keys of the public API (/api/v1): created here, shown once, revoked here. */
export default function ApiKeysCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const { data: keys, setData: setKeys, loadFailed, load } = useAdminData(() => adminRequest<ApiKey[]>('GET', '/api/admin/api-keys'));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revokingId, setRevokingId] = useState<number | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    if (!name.trim()) return;
    setCreating(true);
    try {
      const { key, ...item } = await adminRequest<ApiKey & { key: string }>('POST', '/api/admin/api-keys', { name: name.trim(), scope });
      setKeys((current) => [item, ...(current ?? [])]);
      setCreated({ name: item.name, key });
      setName('');
    } catch (error) {
      showFailure('Failed to create API key', error);
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    if (!window.confirm(`Revoke "${key.name}"? Anything using this key will stop working at once.`)) return;
    setRevokingId(key.id);
    try {
      await adminRequest('DELETE', `/api/admin/api-keys/${key.id}`);
      setKeys((current) => current?.filter((k) => k.id !== key.id) ?? null);
      if (created && keys?.find((k) => k.id === key.id)?.name === created.name) setCreated(null);
      showAdminToast({ title: 'API key revoked', variant: 'success' });
    } catch (error) {
      showFailure('Failed to revoke API key', error);
    } finally {
      setRevokingId(null);
    }
  };

  return (
    <AdminCard
      title="API keys"
      description="Let your CRM or other software log review requests and read your results through the API. Read keys can only look; write keys can also log requests and add reviews."
      actions={
        <a href="/docs/api" class="btn btn-secondary shrink-0 px-3 py-1.5" target="_blank" rel="noopener">
          API reference
        </a>
      }
    >
      <form onSubmit={create} class="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field
          id="api-key-name"
          name={undefined}
          label="Key name"
          placeholder="CRM integration"
          maxLength={NAME_MAX}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
          disabled={creating}
        />
        <div>
          <label for="api-key-scope" class="label">
            Access
          </label>
          <select id="api-key-scope" class="input" value={scope} disabled={creating} onChange={(e) => setScope(e.currentTarget.value as Scope)}>
            <option value="read">{SCOPE_TEXT.read}</option>
            <option value="write">{SCOPE_TEXT.write}</option>
          </select>
        </div>
        <button type="submit" class="btn btn-primary" disabled={creating || !name.trim()}>
          {creating ? 'Creating...' : 'Create key'}
        </button>
      </form>

      {created && (
        <OneTimeSecret
          title={`Your new key for ${created.name}`}
          note={
            <>
              Copy it now and keep it somewhere safe: <strong>you will not see it again.</strong> If it is lost, revoke it and create another.
            </>
          }
          value={created.key}
          testId="api-key"
          what="key"
          onHide={() => setCreated(null)}
        />
      )}

      <div class="mt-5">
        <Loaded
          data={keys}
          loadFailed={loadFailed}
          onRetry={load}
          errorMessage="The API keys could not be loaded."
          loadingLabel="Loading API keys"
          rows={2}
          empty={<EmptyNote>No API keys yet. Create one when another program (your CRM, a spreadsheet, a script) needs to read or add data here.</EmptyNote>}
        >
          {(keys) => (
            <ul class="divide-y divide-slate-100">
              {keys.map((key) => (
                <li key={key.id} class="flex items-center justify-between gap-3 py-3">
                  <div class="min-w-0">
                    <p class="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      <span class="wrap-anywhere">{key.name}</span>
                      <span
                        class={`rounded-full px-2 py-0.5 text-xs font-medium ${key.scope === 'write' ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700'}`}
                      >
                        {SCOPE_TEXT[key.scope]}
                      </span>
                    </p>
                    <p class="mt-0.5 font-mono text-xs text-slate-500">{key.prefix}…</p>
                    <p class="text-xs text-slate-500">
                      Created {formatDateTime(key.createdAt, timeZone)} ·{' '}
                      {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt, timeZone)}` : 'never used'}
                    </p>
                  </div>
                  <button
                    type="button"
                    class="btn btn-ghost shrink-0 text-red-600 hover:bg-red-50"
                    onClick={() => revoke(key)}
                    disabled={revokingId === key.id}
                  >
                    {revokingId === key.id ? 'Revoking...' : 'Revoke'}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </div>
    </AdminCard>
  );
}
