import { useEffect, useState } from 'preact/hooks';
import type { StaffMember } from '#domain/game/staff/manage.ts';
import { logRequestRules, PERSON_NAME_MAX } from '#shared/rules.ts';
import { ApiError } from '../api.ts';
import { AdminCard, EmptyNote, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { useAdminData } from './use-admin-data.ts';
import { deskCardPagePath } from '#shared/paths.ts';

// The server's order (src/domain/game/staff/manage.ts), so a renamed person lands where a reload would put them.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const sorted = (people: StaffMember[]) => [...people].sort((a, b) => collator.compare(a.firstName, b.firstName) || a.id - b.id);
const requestCount = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/** Staff as people (issue 13): everyone who logged a request, renamed, merged or deactivated here. */
/** Revokes the person's desk card and makes another: the printed one stops crediting them. */
async function newDeskCard(person: StaffMember): Promise<void> {
  if (!window.confirm(`Make a new desk card for ${person.firstName}? The card printed now stops working: print the new one.`)) return;
  try {
    await adminRequest('POST', `/api/admin/staff/${person.id}/desk-card/rotate`);
    showAdminToast({ title: 'New desk card made', description: 'Print it from Desk card.', variant: 'success' });
  } catch (error) {
    showFailure('Failed to make a new desk card', error);
  }
}

export default function StaffCard({ slug }: { slug: string }) {
  const {
    data: people,
    setData: setPeople,
    loadFailed,
    load,
  } = useAdminData(async () => sorted((await adminRequest<{ staff: StaffMember[] }>('GET', '/api/admin/staff')).staff));
  const [renaming, setRenaming] = useState<number | null>(null);
  const [merging, setMerging] = useState<StaffMember | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const replaced = (person: StaffMember) => setPeople((current) => sorted((current ?? []).map((p) => (p.id === person.id ? person : p))));

  const setActive = async (person: StaffMember, active: boolean) => {
    setBusyId(person.id);
    try {
      const { staff } = await adminRequest<{ staff: StaffMember }>('PUT', `/api/admin/staff/${person.id}`, { active });
      replaced(staff);
      showAdminToast({
        title: active ? `${staff.firstName} reactivated` : `${staff.firstName} deactivated`,
        description: active ? 'They are back on the leaderboard.' : 'They leave the leaderboard; their requests and reviews are kept.',
        variant: 'success',
      });
    } catch (error) {
      showFailure(active ? 'Failed to reactivate' : 'Failed to deactivate', error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <AdminCard
      title="Staff"
      description="Everyone who has logged a review request, known by the email they logged it with. Fix a name, join two entries of the same person, or deactivate someone who has left: their requests and reviews are kept."
      class="lg:col-span-2"
    >
      <Loaded
        data={people}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The staff list could not be loaded."
        loadingLabel="Loading staff..."
        empty={<EmptyNote>Nobody has logged a review request yet. Each person shows here after their first one.</EmptyNote>}
      >
        {(people) => (
          <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Staff">
            {people.map((person) => (
              <li key={person.id} class="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid="staff-row">
                {renaming === person.id ? (
                  <RenameForm person={person} onDone={() => setRenaming(null)} onSaved={replaced} />
                ) : (
                  <>
                    {/* A phone puts Deactivate beside the name and the other two actions under it. */}
                    <div class="order-1 min-w-0 flex-1">
                      <p class="text-sm font-medium text-slate-900 wrap-anywhere">
                        {person.firstName}
                        {!person.active && <span class="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Inactive</span>}
                      </p>
                      <p class="text-xs text-slate-500 wrap-anywhere">
                        {person.email} · {requestCount(person.requests)}
                      </p>
                    </div>
                    <div class="order-3 -ml-2.5 flex basis-full items-center gap-1 sm:ml-0 sm:basis-auto">
                      <button
                        type="button"
                        class="btn btn-ghost min-h-11 px-2.5 py-1.5"
                        onClick={() => setRenaming(person.id)}
                        disabled={busyId === person.id}
                        aria-label={`Rename ${person.firstName}`}
                      >
                        Rename
                      </button>
                      {people.length > 1 && (
                        <button
                          type="button"
                          class="btn btn-ghost min-h-11 px-2.5 py-1.5"
                          onClick={() => setMerging(person)}
                          disabled={busyId === person.id}
                          aria-label={`Merge ${person.firstName} (${person.email}) into someone else`}
                        >
                          Merge into…
                        </button>
                      )}
                      <a
                        class="btn btn-ghost min-h-11 px-2.5 py-1.5"
                        href={deskCardPagePath(slug, person.id)}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Desk card with ${person.firstName}'s QR code, to print`}
                      >
                        Desk card
                      </a>
                      <button
                        type="button"
                        class="btn btn-ghost min-h-11 px-2.5 py-1.5"
                        onClick={() => void newDeskCard(person)}
                        disabled={busyId === person.id}
                        aria-label={`New desk card for ${person.firstName}: the printed one stops working`}
                      >
                        New desk card
                      </button>
                    </div>
                    <button
                      type="button"
                      class={`btn btn-ghost order-2 min-h-11 shrink-0 px-2.5 py-1.5 sm:order-4 ${person.active ? 'text-red-600 hover:bg-red-50' : ''}`}
                      onClick={() => void setActive(person, !person.active)}
                      disabled={busyId === person.id}
                      aria-label={`${person.active ? 'Deactivate' : 'Reactivate'} ${person.firstName}`}
                    >
                      {person.active ? 'Deactivate' : 'Reactivate'}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <MergeDialog person={merging} people={people ?? []} onClose={() => setMerging(null)} onMerged={() => void load()} />
    </AdminCard>
  );
}

function RenameForm({ person, onDone, onSaved }: { person: StaffMember; onDone: () => void; onSaved: (person: StaffMember) => void }) {
  const [name, setName] = useState(person.firstName);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const inputId = `staff-name-${person.id}`;

  const save = async (event: Event) => {
    event.preventDefault();
    const problem = logRequestRules.staffFirstName(name);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      const { staff } = await adminRequest<{ staff: StaffMember }>('PUT', `/api/admin/staff/${person.id}`, { firstName: name.trim() });
      onSaved(staff);
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === 'firstName') setError(failure.serverMessage);
      showFailure('Failed to rename', failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate class="flex w-full flex-col gap-2 sm:flex-row sm:items-start">
      <div class="min-w-0 flex-1">
        <label for={inputId} class="sr-only">
          First name for {person.email}
        </label>
        <input
          id={inputId}
          class="input"
          value={name}
          maxLength={PERSON_NAME_MAX}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the rename field opens on the Rename click, and typing is what comes next
          autoFocus
          disabled={saving}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
        />
        {error ? (
          <p id={`${inputId}-error`} class="field-error">
            {error}
          </p>
        ) : (
          <p class="mt-1 text-xs text-slate-500">{person.email}</p>
        )}
      </div>
      <div class="flex gap-2">
        <button type="submit" class="btn btn-primary min-h-11 flex-1 sm:flex-none" disabled={saving || name.trim() === ''}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" class="btn btn-secondary min-h-11 flex-1 sm:flex-none" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function MergeDialog({ person, people, onClose, onMerged }: { person: StaffMember | null; people: StaffMember[]; onClose: () => void; onMerged: () => void }) {
  const [intoId, setIntoId] = useState('');
  const [merging, setMerging] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new person opened clears the merge choice
  useEffect(() => setIntoId(''), [person]);

  const others = person ? people.filter((p) => p.id !== person.id) : [];
  const into = others.find((p) => String(p.id) === intoId);

  const merge = async (event: Event) => {
    event.preventDefault();
    if (!person || !into) return;
    setMerging(true);
    try {
      await adminRequest('POST', `/api/admin/staff/${person.id}/merge`, { intoId: into.id });
      showAdminToast({ title: 'Staff merged', description: `${person.email} now counts for ${into.firstName}.`, variant: 'success' });
      onClose();
      onMerged();
    } catch (error) {
      showFailure('Failed to merge', error);
    } finally {
      setMerging(false);
    }
  };

  return (
    <Dialog
      open={person !== null}
      title={person ? `Merge ${person.firstName} into someone else` : 'Merge'}
      description="For one person who logged requests with two different emails."
      onClose={() => !merging && onClose()}
    >
      {person && (
        <form onSubmit={merge} class="space-y-5">
          <div>
            <label for="merge-into" class="label">
              {person.firstName} ({person.email}) is the same person as
            </label>
            <select id="merge-into" class="input" value={intoId} disabled={merging} onChange={(e) => setIntoId(e.currentTarget.value)}>
              <option value="">Choose a person</option>
              {others.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.firstName} ({p.email})
                </option>
              ))}
            </select>
          </div>
          {into && (
            <div class="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="merge-consequences">
              <p class="font-semibold">What happens</p>
              <ul class="mt-1 list-disc space-y-1 pl-5">
                <li>
                  {person.firstName}'s {requestCount(person.requests)} and their reviews move to {into.firstName}.
                </li>
                <li>
                  Requests logged with {person.email} from now on count for {into.firstName} too.
                </li>
                <li>
                  {person.firstName} ({person.email}) leaves this list. This cannot be undone.
                </li>
              </ul>
            </div>
          )}
          <DialogActions onCancel={onClose} busy={merging} disabled={!into} label="Merge" busyLabel="Merging..." />
        </form>
      )}
    </Dialog>
  );
}
