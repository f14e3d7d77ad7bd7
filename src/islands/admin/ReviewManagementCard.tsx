import { isUnknownTeamName } from '#shared/team-rules.ts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import { requestEditErrors, type RequestEditErrors, type RequestEditForm, NAME_MAX } from '#shared/request-edit-rules.ts';
import type { AdminRequestItem } from '#domain/requests/queries.ts';
import { groupByTeam, requestCount } from '#shared/request-status.ts';
import { EMAIL_MAX } from '#shared/rules.ts';
import { ApiError } from '../api.ts';
import { useLiveReload } from '../live/use-live-reload.ts';
import { ReviewerRating, StatusBadge, tint } from '../requests/RequestBits.tsx';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, Loaded } from './AdminCard.tsx';
import { AdminAccessLost, adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { useAdminData } from './use-admin-data.ts';

interface Team {
  id: number;
  name: string;
  color: string;
}

const DATA_URL = '/api/admin/review-requests';
const DELETE_CONFIRM = 'Delete this review request and all related data?';

/** Review Management (SPEC.md section 2): requests grouped by team, with edit and delete. */
export default function ReviewManagementCard({ timeZone }: { timeZone: string }) {
  const [teams, setTeams] = useState<Team[]>([]);
  const {
    data: items,
    setData: setItems,
    loadFailed,
    load,
  } = useAdminData(async () => {
    const [list, teamList] = await Promise.all([adminRequest<AdminRequestItem[]>('GET', DATA_URL), adminRequest<Team[]>('GET', '/api/teams')]);
    setTeams(teamList);
    return list;
  });
  const [editing, setEditing] = useState<AdminRequestItem | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  useLiveReload(load);

  const teamColors = useMemo(() => new Map(teams.map((t) => [t.id, t.color])), [teams]);
  const groups = useMemo(
    () =>
      groupByTeam(items ?? [], (item) =>
        item.teamId === null ? null : { id: item.teamId, name: item.teamName ?? '', color: teamColors.get(item.teamId) ?? '#64748B' },
      ),
    [items, teamColors],
  );

  const remove = async (item: AdminRequestItem) => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    setDeletingId(item.campaignId);
    try {
      await adminRequest('DELETE', `/api/admin/campaign/${item.campaignId}`);
      setItems((current) => (current ?? []).filter((i) => i.campaignId !== item.campaignId));
    } catch (error) {
      showFailure('Failed to delete review request', error);
    } finally {
      setDeletingId(null);
    }
  };

  const saved = (item: AdminRequestItem) => {
    setItems((current) => (current ?? []).map((i) => (i.campaignId === item.campaignId ? item : i)));
    setEditing(null);
    showAdminToast({ title: 'Request updated', variant: 'success' });
  };

  const count = items?.length ?? 0;

  return (
    <AdminCard
      title="Review Management"
      description="Every review request by team, with the review it was matched to. Edit a request's details or delete it with its data."
      class="min-w-0 lg:col-span-2"
      actions={
        items && count > 0 ? (
          <span class="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">{requestCount(count)}</span>
        ) : undefined
      }
    >
      <Loaded
        data={items}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The review requests could not be loaded."
        loadingLabel="Loading review requests..."
        empty={<EmptyNote>No review requests found. Staff log them from the Log Review Request page.</EmptyNote>}
      >
        {() => (
          <div class="space-y-5">
            {groups.map((group, index) => (
              <section key={group.id ?? 'none'} aria-labelledby={`manage-group-${index}`} class="overflow-hidden rounded-xl border border-slate-200">
                <div
                  class="flex items-center justify-between gap-3 border-b px-4 py-2.5"
                  style={{
                    backgroundColor: tint(group.color, '14'),
                    borderColor: tint(group.color, '33'),
                    boxShadow: `inset 4px 0 0 ${tint(group.color, 'FF')}`,
                  }}
                >
                  <h4 id={`manage-group-${index}`} class="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
                    <span class="h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: tint(group.color, 'FF') }} aria-hidden="true" />
                    <span class="wrap-anywhere">{group.name}</span>
                  </h4>
                  <span class="shrink-0 text-xs font-medium text-slate-600">{requestCount(group.rows.length)}</span>
                </div>
                <div class="hidden overflow-x-auto md:block">
                  <table class="w-full min-w-[720px] table-fixed text-left text-sm">
                    <colgroup>
                      <col class="w-[23%]" />
                      <col class="w-[13%]" />
                      <col class="w-[19%]" />
                      <col class="w-[15%]" />
                      <col class="w-[16%]" />
                      <col class="w-[14%]" />
                    </colgroup>
                    <thead class="bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      <tr>
                        <th scope="col" class="px-4 py-2">
                          Customer
                        </th>
                        <th scope="col" class="px-3 py-2">
                          Team Member
                        </th>
                        <th scope="col" class="px-3 py-2">
                          Requested
                        </th>
                        <th scope="col" class="px-3 py-2">
                          Status
                        </th>
                        <th scope="col" class="px-3 py-2">
                          Reviewer / Rating
                        </th>
                        <th scope="col" class="px-4 py-2 text-right">
                          Actions
                        </th>
                      </tr>
                    </thead>
                    <tbody class="divide-y divide-slate-100">
                      {group.rows.map((item) => {
                        const busy = deletingId === item.campaignId;
                        return (
                          <tr key={item.campaignId} data-testid="manage-row" class="align-middle">
                            <td class="px-4 py-2.5">
                              <p class="font-medium text-slate-900 wrap-anywhere">{item.customerName}</p>
                              <p class="text-xs break-all text-slate-500">{item.customerEmail}</p>
                            </td>
                            <td class="px-3 py-2.5 break-words text-slate-700">{item.staffFirstName}</td>
                            <td class="px-3 py-2.5 whitespace-nowrap text-slate-600 tabular-nums">
                              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, timeZone)}</time>
                            </td>
                            <td class="px-3 py-2.5">
                              <StatusBadge status={item.matchStatus} confidence={item.matchConfidence} />
                            </td>
                            <td class="px-3 py-2.5">
                              <ReviewerRating status={item.matchStatus} reviewerName={item.reviewerName} rating={item.rating} />
                            </td>
                            <td class="px-4 py-2.5">
                              <RowActions item={item} busy={busy} onEdit={() => setEditing(item)} onDelete={() => void remove(item)} />
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                {/* Phones: one block per request, its actions at hand. */}
                <ul class="divide-y divide-slate-100 md:hidden">
                  {group.rows.map((item) => (
                    <li key={item.campaignId} data-testid="manage-card" class="space-y-2 px-4 py-3">
                      <div class="flex items-start justify-between gap-3">
                        <div class="min-w-0">
                          <p class="font-medium break-words text-slate-900">{item.customerName}</p>
                          <p class="text-xs break-all text-slate-500">{item.customerEmail}</p>
                        </div>
                        <StatusBadge status={item.matchStatus} confidence={item.matchConfidence} />
                      </div>
                      <p class="text-sm text-slate-600">
                        {item.staffFirstName} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, timeZone)}</time>
                      </p>
                      <div class="flex items-center justify-between gap-3">
                        <ReviewerRating status={item.matchStatus} reviewerName={item.reviewerName} rating={item.rating} />
                        <RowActions item={item} busy={deletingId === item.campaignId} onEdit={() => setEditing(item)} onDelete={() => void remove(item)} />
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </Loaded>

      <EditRequestDialog request={editing} teams={teams} timeZone={timeZone} onClose={() => setEditing(null)} onSaved={saved} />
    </AdminCard>
  );
}

function RowActions({ item, busy, onEdit, onDelete }: { item: AdminRequestItem; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <div class="flex shrink-0 justify-end gap-1">
      <button type="button" class="btn btn-ghost px-3 py-1.5" onClick={onEdit} disabled={busy} aria-label={`Edit the request for ${item.customerName}`}>
        Edit
      </button>
      <button
        type="button"
        class="btn btn-ghost px-3 py-1.5 text-red-600 hover:bg-red-50"
        onClick={onDelete}
        disabled={busy}
        aria-label={`Delete the request for ${item.customerName}`}
      >
        {busy ? 'Deleting...' : 'Delete'}
      </button>
    </div>
  );
}

const EMPTY_FORM: RequestEditForm = { firstName: '', lastName: '', email: '', staffFirstName: '', teamId: '' };

function EditRequestDialog({
  request,
  teams,
  timeZone,
  onClose,
  onSaved,
}: {
  request: AdminRequestItem | null;
  teams: Team[];
  timeZone: string;
  onClose: () => void;
  onSaved: (item: AdminRequestItem) => void;
}) {
  const [form, setForm] = useState<RequestEditForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<RequestEditErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!request) return;
    setForm({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.customerEmail,
      staffFirstName: request.staffFirstName,
      teamId: request.teamId === null ? '' : String(request.teamId),
    });
    setErrors({});
  }, [request]);

  // Requests belong to real teams: Unknown only holds reviews, so it is offered only if already chosen.
  const choices = teams.filter((t) => !isUnknownTeamName(t.name) || String(t.id) === form.teamId);

  const set = (key: keyof RequestEditForm) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (!request) return;
    const problems = requestEditErrors(form);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    try {
      const item = await adminRequest<AdminRequestItem>('PUT', `/api/admin/review-request/${request.campaignId}`, {
        inviteId: request.inviteId,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        staffFirstName: form.staffFirstName.trim(),
        teamId: Number(form.teamId),
      });
      onSaved(item);
    } catch (error) {
      if (error instanceof AdminAccessLost) return;
      if (error instanceof ApiError && error.field && error.field in EMPTY_FORM) setErrors({ [error.field]: error.serverMessage });
      showAdminToast({ title: 'Update failed', description: 'Unable to update the request. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={request !== null}
      title="Edit Review Request"
      description={request ? `Logged by ${request.staffFirstName} on ${formatDateTime(request.createdAt, timeZone)}` : undefined}
      onClose={() => !saving && onClose()}
    >
      <form onSubmit={save} noValidate class="space-y-4">
        <div class="grid gap-4 sm:grid-cols-2">
          <Field
            id="edit-request-first-name"
            label="First name"
            value={form.firstName}
            maxLength={NAME_MAX}
            autoComplete="off"
            disabled={saving}
            error={errors.firstName}
            onInput={set('firstName')}
          />
          <Field
            id="edit-request-last-name"
            label="Last name"
            value={form.lastName}
            maxLength={NAME_MAX}
            autoComplete="off"
            disabled={saving}
            error={errors.lastName}
            onInput={set('lastName')}
          />
        </div>
        <Field
          id="edit-request-email"
          label="Email"
          type="email"
          value={form.email}
          maxLength={EMAIL_MAX}
          autoComplete="off"
          disabled={saving}
          error={errors.email}
          onInput={set('email')}
        />
        <Field
          id="edit-request-staff"
          label="Staff first name"
          value={form.staffFirstName}
          maxLength={NAME_MAX}
          autoComplete="off"
          disabled={saving}
          error={errors.staffFirstName}
          onInput={set('staffFirstName')}
        />
        <div>
          <label for="edit-request-team" class="label">
            Team
          </label>
          <select
            id="edit-request-team"
            class="input"
            value={form.teamId}
            disabled={saving}
            aria-invalid={errors.teamId ? 'true' : undefined}
            aria-describedby={errors.teamId ? 'edit-request-team-error' : undefined}
            onChange={set('teamId')}
          >
            <option value="">Select a team</option>
            {choices.map((team) => (
              <option key={team.id} value={String(team.id)}>
                {team.name}
              </option>
            ))}
          </select>
          {errors.teamId && (
            <p id="edit-request-team-error" class="field-error">
              {errors.teamId}
            </p>
          )}
        </div>
        <DialogActions onCancel={onClose} busy={saving} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
