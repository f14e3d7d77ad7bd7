import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  canCreateTemplate,
  TEMPLATE_LIMIT,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PHONE_SCRIPT_MAX,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_TIMING_TIP_MAX,
  templateHtmlProblem,
  templateNameProblem,
  templatePhoneScriptProblem,
  templatePreview,
  templateSubjectProblem,
  templateTimingTipProblem,
} from '#shared/template-rules.ts';
import { ApiError } from '../api.ts';
import { AdminCard, LoadError, LoadingRows } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { TemplateBodyEditor } from './TemplateBodyEditor.tsx';
import { useAdminData } from './use-admin-data.ts';
import type { EmailTemplate } from '#domain/requests/templates.ts';

interface Draft {
  name: string;
  subject: string;
  htmlContent: string;
  phoneScript: string;
  timingTip: string;
  isActive: boolean;
}

type FieldName = 'name' | 'subject' | 'htmlContent' | 'phoneScript' | 'timingTip';
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_DRAFT: Draft = { name: '', subject: '', htmlContent: '', phoneScript: '', timingTip: '', isActive: true };
const FIELD_NAMES: FieldName[] = ['name', 'subject', 'htmlContent', 'phoneScript', 'timingTip'];

const draftOf = (t: EmailTemplate): Draft => ({
  name: t.name,
  subject: t.subject,
  htmlContent: t.htmlContent,
  phoneScript: t.phoneScript ?? '',
  timingTip: t.timingTip ?? '',
  isActive: t.isActive,
});

/** The same rules the server applies (decision 006), so most mistakes show before a round trip. */
function draftProblems(draft: Draft): FieldErrors {
  const problems: FieldErrors = {
    name: templateNameProblem(draft.name),
    subject: templateSubjectProblem(draft.subject),
    htmlContent: templateHtmlProblem(draft.htmlContent),
    phoneScript: templatePhoneScriptProblem(draft.phoneScript),
    timingTip: templateTimingTipProblem(draft.timingTip),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as FieldErrors;
}

/** The server's complaint about one field, shown under that field. */
function serverFieldError(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.serverMessage && FIELD_NAMES.includes(error.field as FieldName)) {
    return { [error.field as FieldName]: error.serverMessage };
  }
  return {};
}

const countLabel = (n: number) => `${n} of ${TEMPLATE_LIMIT}`;

/** Email Templates (SPEC.md section 2): at most 3, a create form while fewer exist, an edit dialog, delete. */
export default function EmailTemplatesCard() {
  const { data: templates, setData: setTemplates, loadFailed, load } = useAdminData(() => adminRequest<EmailTemplate[]>('GET', '/api/email-templates'));
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  /** Bumped when the create form's body is set from outside the editor (emptied after a create). */
  const [bodyVersion, setBodyVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    const problems = draftProblems(draft);
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    setCreating(true);
    try {
      const created = await adminRequest<EmailTemplate>('POST', '/api/email-templates', {
        name: draft.name.trim(),
        subject: draft.subject.trim(),
        htmlContent: draft.htmlContent,
        phoneScript: draft.phoneScript.trim() || null,
        timingTip: draft.timingTip.trim() || null,
        isActive: draft.isActive,
      });
      const next = [...(templates ?? []), created];
      setTemplates(next);
      setDraft(EMPTY_DRAFT);
      setBodyVersion((v) => v + 1);
      setErrors({});
      if (next.length < TEMPLATE_LIMIT) nameInput.current?.focus();
    } catch (error) {
      setErrors(serverFieldError(error));
      showFailure('Failed to create email template', error);
      // Another admin may have filled the last place: show the list as the server has it.
      if (error instanceof ApiError && error.status === 409) void load();
    } finally {
      setCreating(false);
    }
  };

  const remove = async (template: EmailTemplate) => {
    if (!window.confirm('Delete this template?')) return;
    setDeletingId(template.id);
    try {
      await adminRequest('DELETE', `/api/email-templates/${template.id}`);
      setTemplates((current) => (current ?? []).filter((t) => t.id !== template.id));
    } catch (error) {
      showFailure('Failed to delete email template', error);
    } finally {
      setDeletingId(null);
    }
  };

  const saved = (template: EmailTemplate) => {
    setTemplates((current) => (current ?? []).map((t) => (t.id === template.id ? template : t)));
    setEditing(null);
  };

  const full = templates !== null && templates.length >= TEMPLATE_LIMIT;

  return (
    <AdminCard
      title="Email Templates"
      description="The emails and phone scripts staff choose from when they log a review request."
      class="lg:col-span-2"
      actions={
        templates && (
          <span
            class="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600"
            role="img"
            aria-label={`${templates.length} of ${TEMPLATE_LIMIT} templates`}
          >
            {countLabel(templates.length)}
          </span>
        )
      }
    >
      <div class={`grid items-start gap-6 ${full ? '' : 'lg:grid-cols-2'}`}>
        <div>
          {templates === null ? (
            loadFailed ? (
              <LoadError message="The email templates could not be loaded." onRetry={() => void load()} />
            ) : (
              <LoadingRows label="Loading email templates..." />
            )
          ) : templates.length === 0 ? (
            <div class="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
              <p class="font-medium text-slate-700">No email templates yet</p>
              <p class="mt-1">Create one, and staff can choose it when they log a review request.</p>
            </div>
          ) : (
            <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Email templates">
              {templates.map((template) => {
                const busy = deletingId === template.id;
                return (
                  <li key={template.id} class="px-4 py-4">
                    <div class="flex items-start gap-3">
                      <div class="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 pt-1.5">
                        <p class="text-sm font-semibold text-slate-900 wrap-anywhere">{template.name}</p>
                        {!template.isActive && <span class="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Inactive</span>}
                      </div>
                      <div class="flex shrink-0 items-center gap-1">
                        <button
                          type="button"
                          class="btn btn-ghost px-3 py-1.5"
                          onClick={() => setEditing(template)}
                          disabled={busy}
                          aria-label={`Edit ${template.name}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          class="btn btn-ghost px-3 py-1.5 text-red-600 hover:bg-red-50"
                          onClick={() => void remove(template)}
                          disabled={busy}
                          aria-label={`Delete ${template.name}`}
                        >
                          {busy ? 'Deleting...' : 'Delete'}
                        </button>
                      </div>
                    </div>
                    <p class="mt-1 text-sm text-slate-700">
                      <span class="text-slate-500">Subject: </span>
                      <span class="wrap-anywhere">{template.subject}</span>
                    </p>
                    {/* The HTML as text, never rendered (SPEC.md: its first 200 characters). */}
                    <p class="mt-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed text-slate-600 wrap-anywhere">
                      {templatePreview(template.htmlContent)}
                    </p>
                    {template.phoneScript && <p class="mt-2 text-xs text-slate-500">Includes a phone script</p>}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div>
          {templates === null ? null : full ? (
            <p class="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600" role="note">
              <span class="font-medium text-slate-800">You have {TEMPLATE_LIMIT} templates, the most a dashboard can hold.</span> Edit one, or delete one to add
              another.
            </p>
          ) : (
            <form onSubmit={create} noValidate class="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-label="New email template">
              <h3 class="text-sm font-semibold text-slate-900">New template</h3>
              <TemplateFields
                idPrefix="new-template"
                draft={draft}
                bodyVersion={bodyVersion}
                errors={errors}
                disabled={creating}
                nameRef={nameInput}
                onChange={(change) => {
                  setDraft((d) => ({ ...d, ...change }));
                  setErrors((e) => {
                    const next = { ...e };
                    for (const key of Object.keys(change)) delete next[key as FieldName];
                    return next;
                  });
                }}
              />
              <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={creating || !canCreateTemplate(draft)}>
                {creating ? 'Creating...' : 'Create Template'}
              </button>
            </form>
          )}
        </div>
      </div>

      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} onSaved={saved} />
    </AdminCard>
  );
}

interface TemplateFieldsProps {
  idPrefix: string;
  draft: Draft;
  /** Changes when the body was set from outside the editor. */
  bodyVersion: number;
  errors: FieldErrors;
  disabled: boolean;
  nameRef?: Ref<HTMLInputElement>;
  onChange: (change: Partial<Draft>) => void;
}

/** The fields of a template, shared by the create form and the edit dialog. */
function TemplateFields({ idPrefix, draft, bodyVersion, errors, disabled, nameRef, onChange }: TemplateFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const described = (field: FieldName, hint?: boolean) =>
    [errors[field] ? `${id(field)}-error` : undefined, hint ? `${id(field)}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (field: FieldName) =>
    errors[field] && (
      <p id={`${id(field)}-error`} class="field-error">
        {errors[field]}
      </p>
    );

  return (
    <>
      <div>
        <label for={id('name')} class="label">
          Template name
        </label>
        <input
          id={id('name')}
          ref={nameRef}
          class="input"
          value={draft.name}
          maxLength={TEMPLATE_NAME_MAX}
          placeholder="e.g. After an appointment"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={errors.name ? 'true' : undefined}
          aria-describedby={described('name')}
          onInput={(e) => onChange({ name: e.currentTarget.value })}
        />
        {error('name')}
      </div>
      <div>
        <label for={id('subject')} class="label">
          Subject
        </label>
        <input
          id={id('subject')}
          class="input"
          value={draft.subject}
          maxLength={TEMPLATE_SUBJECT_MAX}
          placeholder="e.g. Thanks for choosing {companyName}, {firstName}"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={errors.subject ? 'true' : undefined}
          aria-describedby={described('subject')}
          onInput={(e) => onChange({ subject: e.currentTarget.value })}
        />
        {error('subject')}
      </div>
      <div>
        {/* Not a <label>: the editor is no form control; it takes its name from this (aria-labelledby). */}
        <p id={id('htmlContent-label')} class="label">
          Email body
        </p>
        <TemplateBodyEditor
          value={draft.htmlContent}
          version={bodyVersion}
          onUserChange={(html) => onChange({ htmlContent: html })}
          disabled={disabled}
          labelledBy={id('htmlContent-label')}
          describedBy={described('htmlContent')}
          invalid={Boolean(errors.htmlContent)}
        />
        {error('htmlContent')}
      </div>
      <div>
        <label for={id('phoneScript')} class="label">
          Phone script <span class="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={id('phoneScript')}
          class="input"
          rows={4}
          value={draft.phoneScript}
          maxLength={TEMPLATE_PHONE_SCRIPT_MAX}
          placeholder="What staff read to the customer on the phone, e.g. Hi {firstName}, it's {staffFirstName} from {companyName}..."
          disabled={disabled}
          aria-invalid={errors.phoneScript ? 'true' : undefined}
          aria-describedby={described('phoneScript')}
          onInput={(e) => onChange({ phoneScript: e.currentTarget.value })}
        />
        {error('phoneScript')}
      </div>
      <div>
        <label for={id('timingTip')} class="label">
          Best time to ask <span class="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={id('timingTip')}
          class="input"
          rows={2}
          value={draft.timingTip}
          maxLength={TEMPLATE_TIMING_TIP_MAX}
          placeholder="e.g. Ask at the front desk once the treatment is done, while they are still smiling"
          disabled={disabled}
          aria-invalid={errors.timingTip ? 'true' : undefined}
          aria-describedby={described('timingTip', true)}
          onInput={(e) => onChange({ timingTip: e.currentTarget.value })}
        />
        {error('timingTip')}
        <p id={`${id('timingTip')}-hint`} class="mt-1 text-xs text-slate-500">
          Shown on the log form when staff choose this template. Left empty, they see the workspace's tip.
        </p>
      </div>
      <div class="flex items-start gap-3">
        <input
          id={id('active')}
          type="checkbox"
          class="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
          checked={draft.isActive}
          disabled={disabled}
          aria-describedby={`${id('active')}-hint`}
          onChange={(e) => onChange({ isActive: e.currentTarget.checked })}
        />
        <div>
          <label for={id('active')} class="text-sm font-medium text-slate-700">
            Active
          </label>
          <p id={`${id('active')}-hint`} class="text-xs text-slate-500">
            Staff can choose active templates on the log form.
          </p>
        </div>
      </div>
    </>
  );
}

/** Only what changed, so an untouched body is not sent (and sanitised) again. */
function changesOf(template: EmailTemplate, draft: Draft): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (draft.name.trim() !== template.name) changes.name = draft.name.trim();
  if (draft.subject.trim() !== template.subject) changes.subject = draft.subject.trim();
  if (draft.htmlContent !== template.htmlContent) changes.htmlContent = draft.htmlContent;
  const script = draft.phoneScript.trim() || null;
  if (script !== template.phoneScript) changes.phoneScript = script;
  const tip = draft.timingTip.trim() || null;
  if (tip !== template.timingTip) changes.timingTip = tip;
  if (draft.isActive !== template.isActive) changes.isActive = draft.isActive;
  return changes;
}

function EditTemplateDialog({
  template,
  onClose,
  onSaved,
}: {
  template: EmailTemplate | null;
  onClose: () => void;
  onSaved: (template: EmailTemplate) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [bodyVersion, setBodyVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!template) return;
    setDraft(draftOf(template));
    setBodyVersion((v) => v + 1);
    setErrors({});
  }, [template]);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!template) return;
    const problems = draftProblems(draft);
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    const changes = changesOf(template, draft);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      onSaved(await adminRequest<EmailTemplate>('PATCH', `/api/email-templates/${template.id}`, changes));
    } catch (failure) {
      setErrors(serverFieldError(failure));
      showFailure('Failed to update email template', failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={template !== null} title="Edit Email Template" wide onClose={() => !saving && onClose()}>
      <form onSubmit={save} noValidate class="space-y-4">
        <TemplateFields
          idPrefix="edit-template"
          draft={draft}
          bodyVersion={bodyVersion}
          errors={errors}
          disabled={saving}
          onChange={(change) => {
            setDraft((d) => ({ ...d, ...change }));
            setErrors((e) => {
              const next = { ...e };
              for (const key of Object.keys(change)) delete next[key as FieldName];
              return next;
            });
          }}
        />
        <DialogActions onCancel={onClose} busy={saving} disabled={!canCreateTemplate(draft)} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
