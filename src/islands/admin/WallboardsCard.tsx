import { useState } from 'preact/hooks';
import type { Wallboard } from '#domain/game/wallboards.ts';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, Loaded } from './AdminCard.tsx';
import { adminRequest, adminUpload, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';

interface Props {
  slug: string;
  planName: string;
  /** Every wallboard the plan allows, the workspace's own included. */
  wallboardLimit: number;
  teamsPerWallboard: number;
}

/** A named wallboard's row: open it, add a team to it, make a TV link for it, delete it. */
function WallboardRow({
  slug,
  wallboard,
  teamsPerWallboard,
  onChanged,
}: {
  slug: string;
  wallboard: Wallboard;
  teamsPerWallboard: number;
  onChanged: () => void;
}) {
  const [teamName, setTeamName] = useState('');
  const [busy, setBusy] = useState(false);
  const [tvLink, setTvLink] = useState<string | null>(null);
  const full = wallboard.teams >= teamsPerWallboard;

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showFailure(failure, error);
    } finally {
      setBusy(false);
    }
  };

  const addTeam = (event: Event) => {
    event.preventDefault();
    if (!teamName.trim()) return;
    void run(async () => {
      await adminRequest('POST', '/api/teams', { name: teamName.trim(), wallboardId: wallboard.id });
      setTeamName('');
      showAdminToast({ title: 'Team added', description: `Added to ${wallboard.name}.`, variant: 'success' });
      onChanged();
    }, 'Failed to add the team');
  };

  const makeTvLink = () =>
    run(async () => {
      const link = await adminRequest<{ url: string }>('POST', '/api/admin/kiosk-links', { label: `${wallboard.name} TV`, wallboardId: wallboard.id });
      setTvLink(link.url);
    }, 'Failed to create the TV link');

  const uploadLogo = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    void run(async () => {
      const form = new FormData();
      form.set('logo', file);
      form.set('wallboardId', String(wallboard.id));
      await adminUpload('/api/upload-logo', form);
      input.value = '';
      showAdminToast({ title: 'Logo uploaded', description: `Shown on ${wallboard.name}.`, variant: 'success' });
    }, 'Failed to upload the logo');
  };

  const remove = () => {
    if (!window.confirm(`Delete the wallboard "${wallboard.name}"? Its teams move to your main wallboard and its TV links stop working.`)) return;
    void run(async () => {
      await adminRequest('DELETE', `/api/admin/wallboards/${wallboard.id}`);
      showAdminToast({ title: 'Wallboard deleted', variant: 'success' });
      onChanged();
    }, 'Failed to delete the wallboard');
  };

  return (
    <li class="space-y-3 px-4 py-4" data-testid="wallboard-row">
      <div class="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p class="min-w-0 flex-1 font-medium break-words text-slate-900">
          {wallboard.name}
          {wallboard.readOnly && <span class="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Read-only</span>}
        </p>
        <a href={`/${slug}/wallboards/${wallboard.id}`} class="btn btn-secondary min-h-11">
          Open
        </a>
        <button
          type="button"
          class="btn btn-ghost min-h-11 text-red-600 hover:bg-red-50"
          onClick={remove}
          disabled={busy}
          aria-label={`Delete ${wallboard.name}`}
        >
          Delete
        </button>
      </div>
      <p class="text-xs text-slate-500">
        {wallboard.teams} of {teamsPerWallboard} teams{wallboard.targetReviews ? ` · target ${wallboard.targetReviews} reviews` : ''}
      </p>
      {!wallboard.readOnly && !full && (
        <form onSubmit={addTeam} class="flex flex-col gap-2 sm:flex-row">
          <input
            class="input"
            value={teamName}
            maxLength={50}
            placeholder="New team on this wallboard"
            aria-label={`New team on ${wallboard.name}`}
            onInput={(e) => setTeamName(e.currentTarget.value)}
            disabled={busy}
          />
          <button type="submit" class="btn btn-secondary shrink-0" disabled={busy || !teamName.trim()}>
            Add team
          </button>
        </form>
      )}
      {!wallboard.readOnly && (
        <div>
          <label for={`wallboard-logo-${wallboard.id}`} class="label">
            Logo for this wallboard
          </label>
          <input
            id={`wallboard-logo-${wallboard.id}`}
            type="file"
            accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml"
            onChange={uploadLogo}
            disabled={busy}
            class="block w-full text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800"
          />
        </div>
      )}
      {tvLink ? (
        <input class="input font-mono text-xs" readOnly value={tvLink} aria-label={`TV link for ${wallboard.name}`} onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <button type="button" class="btn btn-ghost px-0 text-sm" onClick={() => void makeTvLink()} disabled={busy}>
          Create a TV link for this wallboard
        </button>
      )}
    </li>
  );
}

/** Wallboards as things (issue 12, Agency): named wallboards with their own teams, target and TV links. */
export default function WallboardsCard({ slug, planName, wallboardLimit, teamsPerWallboard }: Props) {
  const { data: wallboards, loadFailed, load } = useAdminData(() => adminRequest<Wallboard[]>('GET', '/api/admin/wallboards'));
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [creating, setCreating] = useState(false);
  const named = wallboardLimit - 1;

  if (named < 1) {
    return (
      <AdminCard title="Wallboards" description="Each wallboard has its own teams, target and TV links.">
        <p class="text-sm text-slate-700" data-testid="wallboard-limit-note">
          Your {planName} plan has one wallboard: the one at{' '}
          <a class="font-semibold text-brand-600 underline" href={`/${slug}`}>
            your dashboard
          </a>
          . The Agency plan has up to 10, each with its own teams, target and TV links (for example one per client). You can upgrade in Plan &amp; billing.
        </p>
      </AdminCard>
    );
  }

  const create = async (event: Event) => {
    event.preventDefault();
    if (!name.trim()) return;
    setCreating(true);
    try {
      await adminRequest('POST', '/api/admin/wallboards', { name: name.trim(), ...(target ? { targetReviews: Number(target) } : {}) });
      setName('');
      setTarget('');
      showAdminToast({ title: 'Wallboard created', variant: 'success' });
      await load();
    } catch (error) {
      showFailure('Failed to create the wallboard', error);
    } finally {
      setCreating(false);
    }
  };

  const atLimit = wallboards !== null && wallboards.length >= named;
  return (
    <AdminCard
      title="Wallboards"
      description={`Your main wallboard plus up to ${named} more, each with up to ${teamsPerWallboard} teams of its own.`}
      class="lg:col-span-2"
    >
      {atLimit ? (
        <p class="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your {planName} plan allows {wallboardLimit} wallboards and you have them all. Delete one to make another.
        </p>
      ) : (
        <form onSubmit={create} class="mb-5 grid gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <Field
            id="new-wallboard-name"
            name={undefined}
            label="Wallboard name"
            value={name}
            maxLength={60}
            placeholder="e.g. Smith & Co"
            onInput={(e) => setName(e.currentTarget.value)}
            disabled={creating}
          />
          <Field
            id="new-wallboard-target"
            name={undefined}
            label="Target reviews"
            type="number"
            min={1}
            max={100000}
            inputMode="numeric"
            placeholder="120"
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
            disabled={creating}
          />
          <button type="submit" class="btn btn-primary min-h-11" disabled={creating || !name.trim()}>
            {creating ? 'Creating...' : 'Create Wallboard'}
          </button>
        </form>
      )}
      <Loaded
        data={wallboards}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The wallboards could not be loaded."
        loadingLabel="Loading wallboards..."
        empty={<EmptyNote>No other wallboards yet. Your main wallboard is at /{slug}.</EmptyNote>}
      >
        {(wallboards) => (
          <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Wallboards">
            {wallboards.map((wallboard) => (
              <WallboardRow key={wallboard.id} slug={slug} wallboard={wallboard} teamsPerWallboard={teamsPerWallboard} onChanged={() => void load()} />
            ))}
          </ul>
        )}
      </Loaded>
    </AdminCard>
  );
}
