import { useState } from 'preact/hooks';
import type { ReplyTemplate } from '#domain/integrations/google/reply-templates.ts';
import { REPLY_MAX_BYTES, REPLY_PLACEHOLDERS, REPLY_TEMPLATE_NAME_MAX, REPLY_TEMPLATES_MAX, replyBytes } from '#shared/replies.ts';
import { STAFF_CAN_REPLY_KEY } from '#shared/settings-rules.ts';
import { ApiError } from '../api.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';

// Reply templates (issue 30): up to five texts the reply box offers when answering a Google review,
// each filled for the review it answers ({reviewer_first_name}, {business_name}, {staff_first_name}).

const URL_BASE = '/api/admin/reply-templates';
const PLACEHOLDERS = Object.entries(REPLY_PLACEHOLDERS);

interface Draft {
  name: string;
  body: string;
}

function TemplateForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  onSubmit: (draft: Draft) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bytes = replyBytes(draft.body);
  const prefix = `reply-template-${submitLabel.toLowerCase().replace(/\W+/g, '-')}`;

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(await onSubmit(draft));
    setBusy(false);
  };

  return (
    <form class="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
      <div>
        <label for={`${prefix}-name`} class="text-sm font-medium text-slate-900">
          Name
        </label>
        <input
          id={`${prefix}-name`}
          class="input mt-1 w-full"
          maxLength={REPLY_TEMPLATE_NAME_MAX}
          value={draft.name}
          placeholder="Thank you"
          onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })}
        />
      </div>
      <div>
        <label for={`${prefix}-body`} class="text-sm font-medium text-slate-900">
          Text
        </label>
        <textarea
          id={`${prefix}-body`}
          class="input mt-1 w-full resize-y"
          rows={4}
          value={draft.body}
          placeholder="Thank you {reviewer_first_name}! {staff_first_name} and the whole team at {business_name} are glad you came."
          onInput={(e) => setDraft({ ...draft, body: (e.target as HTMLTextAreaElement).value })}
        />
        <p class={`mt-1 text-xs ${bytes > REPLY_MAX_BYTES ? 'font-semibold text-red-700' : 'text-slate-500'}`}>
          {bytes.toLocaleString('en-US')} / {REPLY_MAX_BYTES.toLocaleString('en-US')} bytes
        </p>
      </div>
      {error && (
        <p role="alert" class="text-sm text-red-700">
          {error}
        </p>
      )}
      <div class="flex gap-2">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" class="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Who answers reviews: the admin always; staff too when this is on (the `staff_can_reply` setting). */
function StaffCanReply() {
  const { data: allowed, setData: setAllowed } = useAdminData(async () => {
    const settings = await adminRequest<{ key: string; value: string }[]>('GET', '/api/settings');
    return settings.find((s) => s.key === STAFF_CAN_REPLY_KEY)?.value === 'true';
  });
  const [busy, setBusy] = useState(false);
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await adminRequest('PUT', `/api/settings/${STAFF_CAN_REPLY_KEY}`, { value: on ? 'true' : 'false' });
      setAllowed(on);
      showAdminToast({ title: on ? 'Staff can answer reviews' : 'Only the admin answers reviews', variant: 'success' });
    } catch (error) {
      showFailure('The setting was not saved', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label class="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm">
      <input
        type="checkbox"
        class="mt-0.5 h-4 w-4"
        checked={allowed === true}
        disabled={allowed === null || busy}
        onChange={(e) => void change((e.target as HTMLInputElement).checked)}
      />
      <span>
        <span class="font-medium text-slate-900">Staff can answer reviews too</span>
        <span class="block text-slate-600">Off: only the admin posts replies on Google, which speak for the business in public.</span>
      </span>
    </label>
  );
}

export default function ReplyTemplatesCard() {
  const { data: templates, setData: setTemplates, loadFailed, load } = useAdminData(() => adminRequest<ReplyTemplate[]>('GET', URL_BASE));
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  /** Saves, and answers the message to show in the form when it was refused (null when saved). */
  const saving = async (request: () => Promise<ReplyTemplate>, done: string): Promise<string | null> => {
    try {
      const saved = await request();
      setTemplates((list) => {
        const current = list ?? [];
        return current.some((t) => t.id === saved.id) ? current.map((t) => (t.id === saved.id ? saved : t)) : [...current, saved];
      });
      setEditing(null);
      showAdminToast({ title: done, variant: 'success' });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
      showFailure('The template was not saved', error);
      return null;
    }
  };

  const remove = async (template: ReplyTemplate) => {
    if (!window.confirm(`Delete the reply template "${template.name}"?`)) return;
    try {
      await adminRequest('DELETE', `${URL_BASE}/${template.id}`);
      setTemplates((list) => (list ?? []).filter((t) => t.id !== template.id));
      showAdminToast({ title: 'Template deleted', variant: 'success' });
    } catch (error) {
      showFailure('The template was not deleted', error);
    }
  };

  return (
    <AdminCard
      title="Replies to Google reviews"
      description={`Who answers, and up to ${REPLY_TEMPLATES_MAX} reply templates that make an answer one click and one edit, each filled for the review it answers.`}
    >
      <Loaded
        data={templates}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The reply templates could not be loaded."
        loadingLabel="Loading the reply templates..."
        rows={2}
      >
        {(list) => (
          <div class="space-y-4">
            {list.length === 0 && editing !== 'new' && (
              <p class="text-sm text-slate-600" data-empty-state>
                No reply templates yet. Add one to answer Google reviews in a couple of clicks.
              </p>
            )}
            <ul class="space-y-3">
              {list.map((template) => (
                <li key={template.id} class="rounded-lg border border-slate-200 p-3" data-testid="reply-template">
                  {editing === template.id ? (
                    <TemplateForm
                      initial={template}
                      submitLabel="Save template"
                      onCancel={() => setEditing(null)}
                      onSubmit={(draft) => saving(() => adminRequest<ReplyTemplate>('PATCH', `${URL_BASE}/${template.id}`, draft), 'Template saved')}
                    />
                  ) : (
                    <>
                      <div class="flex flex-wrap items-start justify-between gap-2">
                        <p class="font-medium text-slate-900">{template.name}</p>
                        <div class="flex gap-2">
                          <button type="button" class="btn btn-secondary px-3 py-1.5" onClick={() => setEditing(template.id)}>
                            Edit
                          </button>
                          <button type="button" class="btn btn-secondary px-3 py-1.5 text-red-700" onClick={() => void remove(template)}>
                            Delete
                          </button>
                        </div>
                      </div>
                      <p class="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{template.body}</p>
                    </>
                  )}
                </li>
              ))}
            </ul>
            {editing === 'new' ? (
              <div class="rounded-lg border border-slate-200 p-3">
                <TemplateForm
                  initial={{ name: '', body: '' }}
                  submitLabel="Add template"
                  onCancel={() => setEditing(null)}
                  onSubmit={(draft) => saving(() => adminRequest<ReplyTemplate>('POST', URL_BASE, draft), 'Template added')}
                />
              </div>
            ) : (
              list.length < REPLY_TEMPLATES_MAX && (
                <button type="button" class="btn btn-secondary" onClick={() => setEditing('new')}>
                  New reply template
                </button>
              )
            )}
            <StaffCanReply />
            <div class="text-xs text-slate-500">
              <p class="font-medium text-slate-600">Placeholders</p>
              <ul class="mt-1 space-y-0.5">
                {PLACEHOLDERS.map(([placeholder, meaning]) => (
                  <li key={placeholder}>
                    <code>{placeholder}</code>: {meaning}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
