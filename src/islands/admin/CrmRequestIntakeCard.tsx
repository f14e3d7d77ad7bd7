import { useEffect, useState } from 'preact/hooks';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { ApiError } from '../api.ts';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import { useCopy } from './use-copy.ts';

// Review requests from HighLevel (decision 041): the request webhook's URL, and where its requests
// go: a default team, a team per HighLevel user, the template when several are active, and who the
// request is from when HighLevel names no assigned user.

interface Settings {
  defaultTeamId: number | null;
  templateId: number | null;
  defaultStaffFirstName: string;
  defaultStaffEmail: string;
  userTeams: { email: string; teamId: number }[];
}

interface IntakeData {
  url: string;
  settings: Settings;
  teams: { id: number; name: string }[];
  templates: { id: number; name: string }[];
}

type Row = { email: string; teamId: string };

const ENDPOINT = '/api/admin/crm-webhook/requests';

export default function CrmRequestIntakeCard() {
  const { data, setData, loadFailed, load } = useAdminData(() => adminRequest<IntakeData>('GET', ENDPOINT));
  const [defaultTeamId, setDefaultTeamId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [staffName, setStaffName] = useState('');
  const [staffEmail, setStaffEmail] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const { box, copied, copy } = useCopy('URL');

  useEffect(() => {
    if (!data) return;
    const { settings } = data;
    setDefaultTeamId(settings.defaultTeamId === null ? '' : String(settings.defaultTeamId));
    setTemplateId(settings.templateId === null ? '' : String(settings.templateId));
    setStaffName(settings.defaultStaffFirstName);
    setStaffEmail(settings.defaultStaffEmail);
    setRows(settings.userTeams.map((row) => ({ email: row.email, teamId: String(row.teamId) })));
  }, [data]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const saved = await adminRequest<IntakeData>('PUT', ENDPOINT, {
        defaultTeamId: defaultTeamId || null,
        templateId: templateId || null,
        defaultStaffFirstName: staffName,
        defaultStaffEmail: staffEmail,
        userTeams: rows.filter((row) => row.email.trim() || row.teamId),
      });
      setData(saved);
      showAdminToast({ title: 'Saved', description: 'Requests from HighLevel follow the new mapping.', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblem({ message: error.serverMessage ?? error.message, field: error.field });
      showFailure('Failed to save the HighLevel mapping', error);
    } finally {
      setSaving(false);
    }
  };

  const teamOptions = (data?.teams ?? []).map((team) => (
    <option key={team.id} value={String(team.id)}>
      {team.name}
    </option>
  ));
  const fieldError = (field: string) =>
    problem?.field === field ? (
      <p class="field-error" role="alert">
        {problem.message}
      </p>
    ) : null;

  return (
    <AdminCard
      title="Review requests from HighLevel"
      description="A HighLevel workflow can log a review request for a contact: the customer gets your review email, as if staff logged it."
    >
      <Loaded
        data={data}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The HighLevel request settings could not be loaded."
        loadingLabel="Loading the HighLevel request settings..."
        rows={3}
      >
        {(data) => (
          <form class="space-y-5" onSubmit={(event) => void save(event)} noValidate>
            <div>
              <p id="crm-request-url-label" class="label">
                Request webhook URL
              </p>
              <div class="flex items-start gap-2">
                <code
                  id="crm-request-url"
                  ref={box}
                  class="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-xs break-all text-slate-900 select-all"
                >
                  {data.url}
                </code>
                <button type="button" class="btn btn-secondary shrink-0" onClick={() => data && void copy(data.url)} aria-live="polite">
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </div>
              <p class="mt-1.5 text-xs text-slate-500">
                It shares its secret with the CRM webhook above: rotating that URL changes this one too. The secret may instead go in an{' '}
                <code class="text-xs">X-Webhook-Secret</code> header to <code class="text-xs">/api/webhooks/crm/requests</code>.
              </p>
            </div>

            <div class="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-700">
              <p class="font-semibold text-slate-900">Set it up in HighLevel</p>
              <p class="mt-1">
                Automation › Workflows: a contact trigger (for example <strong>Appointment Status: Showed</strong> or <strong>Opportunity Status: Won</strong>),
                then a <strong>Webhook</strong> action (POST) to this URL. The contact's name and email are sent by HighLevel.
              </p>
              <p class="mt-1">
                For the staff member, add Custom Data <code class="text-xs">staffEmail</code> and <code class="text-xs">staffFirstName</code> set from the
                contact's assigned user. Without them the default staff member below is used.
              </p>
            </div>

            <div class="grid gap-4 sm:grid-cols-2">
              <div>
                <label class="label" for="crm-request-team">
                  Team for requests
                </label>
                <select
                  id="crm-request-team"
                  class="input"
                  value={defaultTeamId}
                  onChange={(e) => setDefaultTeamId(e.currentTarget.value)}
                  aria-invalid={problem?.field === 'defaultTeamId'}
                >
                  <option value="">Choose a team</option>
                  {teamOptions}
                </select>
                {fieldError('defaultTeamId')}
              </div>
              <div>
                <label class="label" for="crm-request-template">
                  Email template
                </label>
                <select
                  id="crm-request-template"
                  class="input"
                  value={templateId}
                  onChange={(e) => setTemplateId(e.currentTarget.value)}
                  aria-invalid={problem?.field === 'templateId'}
                >
                  <option value="">{data.templates.length === 1 ? `Automatic: ${data.templates[0]!.name}` : 'Choose a template'}</option>
                  {data.templates.map((template) => (
                    <option key={template.id} value={String(template.id)}>
                      {template.name}
                    </option>
                  ))}
                </select>
                {fieldError('templateId')}
              </div>
              <div>
                <label class="label" for="crm-request-staff-name">
                  Default staff first name
                </label>
                <input
                  id="crm-request-staff-name"
                  class="input"
                  value={staffName}
                  placeholder="Reception"
                  onInput={(e) => setStaffName(e.currentTarget.value)}
                  aria-invalid={problem?.field === 'defaultStaffFirstName'}
                />
                {fieldError('defaultStaffFirstName')}
              </div>
              <div>
                <label class="label" for="crm-request-staff-email">
                  Default staff email
                </label>
                <input
                  id="crm-request-staff-email"
                  type="email"
                  class="input"
                  value={staffEmail}
                  placeholder="front-desk@yourbusiness.com"
                  onInput={(e) => setStaffEmail(e.currentTarget.value)}
                  aria-invalid={problem?.field === 'defaultStaffEmail'}
                />
                {fieldError('defaultStaffEmail')}
              </div>
            </div>
            <p class="-mt-2 text-xs text-slate-500">
              Used when HighLevel names no assigned user. Leave both empty to refuse such requests (they show in the delivery log).
            </p>

            <fieldset>
              <legend class="label">Team per HighLevel user</legend>
              <p class="mb-2 text-xs text-slate-500">A request whose assigned user has this email goes to their team instead.</p>
              {rows.length > 0 && (
                <ul class="space-y-2">
                  {rows.map((row, index) => (
                    <li key={index} class="flex flex-col gap-2 rounded-lg border border-slate-200 p-2 sm:flex-row sm:items-center sm:border-0 sm:p-0">
                      <input
                        type="email"
                        class="input sm:flex-1"
                        aria-label={`HighLevel user email ${index + 1}`}
                        placeholder="user@yourbusiness.com"
                        value={row.email}
                        onInput={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, email: e.currentTarget.value } : r)))}
                      />
                      <div class="flex gap-2">
                        <select
                          class="input sm:w-48"
                          aria-label={`Team for user ${index + 1}`}
                          value={row.teamId}
                          onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, teamId: e.currentTarget.value } : r)))}
                        >
                          <option value="">Choose a team</option>
                          {teamOptions}
                        </select>
                        <button
                          type="button"
                          class="btn btn-secondary shrink-0 text-red-600 hover:bg-red-50"
                          onClick={() => setRows(rows.filter((_, i) => i !== index))}
                        >
                          Remove
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {fieldError('userTeams')}
              <button type="button" class="btn btn-secondary mt-2" onClick={() => setRows([...rows, { email: '', teamId: '' }])}>
                Add a user
              </button>
            </fieldset>

            <div class="flex justify-end border-t border-slate-100 pt-4">
              <button type="submit" class="btn btn-primary" disabled={saving}>
                {saving ? 'Saving...' : 'Save mapping'}
              </button>
            </div>
          </form>
        )}
      </Loaded>
    </AdminCard>
  );
}
