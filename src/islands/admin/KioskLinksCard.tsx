import { useState } from 'preact/hooks';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import { formatDateTime } from '#shared/format-date.ts';

interface KioskLink {
  id: number;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

const LABEL_MAX = 60;

/** Share links that open the live wallboard on a TV or kiosk with no sign-in and no user seat. */
export default function KioskLinksCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const { data: links, setData: setLinks, loadFailed, load } = useAdminData(() => adminRequest<KioskLink[]>('GET', '/api/admin/kiosk-links'));
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ label: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revokingId, setRevokingId] = useState<number | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    if (!label.trim()) return;
    setCreating(true);
    try {
      const link = await adminRequest<KioskLink & { url: string }>('POST', '/api/admin/kiosk-links', { label: label.trim() });
      setLinks((current) => [{ id: link.id, label: link.label, createdAt: link.createdAt, revokedAt: null }, ...(current ?? [])]);
      setCreated({ label: link.label, url: link.url });
      setCopied(false);
      setLabel('');
    } catch (error) {
      showFailure('Failed to create share link', error);
    } finally {
      setCreating(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      showAdminToast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  };

  const revoke = async (link: KioskLink) => {
    if (!window.confirm(`Revoke "${link.label}"? Screens using this link will stop showing the wallboard.`)) return;
    setRevokingId(link.id);
    try {
      await adminRequest('DELETE', `/api/admin/kiosk-links/${link.id}`);
      setLinks((current) => current?.map((l) => (l.id === link.id ? { ...l, revokedAt: new Date().toISOString() } : l)) ?? null);
      showAdminToast({ title: 'Share link revoked', variant: 'success' });
    } catch (error) {
      showFailure('Failed to revoke share link', error);
    } finally {
      setRevokingId(null);
    }
  };

  return (
    <AdminCard
      title="Wallboard Share Links"
      description="Show the live wallboard on a TV or kiosk with no sign-in. A link opens the wallboard and nothing else."
    >
      <form onSubmit={create} class="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div class="flex-1">
          <label for="kiosk-label" class="label">
            Screen name
          </label>
          <input
            id="kiosk-label"
            class="input"
            placeholder="Reception TV"
            maxLength={LABEL_MAX}
            value={label}
            onInput={(e) => setLabel(e.currentTarget.value)}
            disabled={creating}
          />
        </div>
        <button type="submit" class="btn btn-primary" disabled={creating || !label.trim()}>
          {creating ? 'Creating...' : 'Create link'}
        </button>
      </form>

      {created && (
        <div class="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4" role="status">
          <p class="text-sm font-semibold text-emerald-900">Link for {created.label}</p>
          <p class="mt-1 text-xs text-emerald-800">Copy it now: for your security it is shown only this once.</p>
          <div class="mt-3 flex items-start gap-2">
            {/* The whole link in view, broken anywhere; a click selects all of it. */}
            <code
              class="block min-w-0 flex-1 rounded-lg border border-emerald-200 bg-white px-3 py-2.5 font-mono text-xs break-all text-slate-900 select-all"
              data-testid="share-link"
            >
              {created.url}
            </code>
            <button type="button" class="btn btn-secondary shrink-0" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}

      <div class="mt-5">
        <Loaded
          data={links}
          loadFailed={loadFailed}
          onRetry={load}
          errorMessage="The share links could not be loaded."
          loadingLabel="Loading share links"
          rows={2}
          empty={
            <p class="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500" data-empty-state>
              No share links yet. Create one to show the wallboard on a TV or a screen in reception without signing in there.
            </p>
          }
        >
          {(links) => (
            <ul class="divide-y divide-slate-100">
              {links.map((link) => (
                <li key={link.id} class="flex items-center justify-between gap-3 py-3">
                  <div class="min-w-0">
                    <p class={`text-sm font-medium wrap-anywhere ${link.revokedAt ? 'text-slate-400 line-through' : 'text-slate-900'}`}>{link.label}</p>
                    <p class="text-xs text-slate-500">
                      Created {formatDateTime(link.createdAt, timeZone)}
                      {link.revokedAt && ` · revoked ${formatDateTime(link.revokedAt, timeZone)}`}
                    </p>
                  </div>
                  {link.revokedAt ? (
                    <span class="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">Revoked</span>
                  ) : (
                    <button type="button" class="btn btn-ghost text-red-600 hover:bg-red-50" onClick={() => revoke(link)} disabled={revokingId === link.id}>
                      {revokingId === link.id ? 'Revoking...' : 'Revoke'}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </div>
    </AdminCard>
  );
}
