import { useState } from 'preact/hooks';
import type { EmailTemplate } from '#domain/requests/templates.ts';
import { TEMPLATE_LIMIT } from '#shared/template-rules.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { EditTemplateDialog } from './EditTemplateDialog.tsx';
import { NewTemplateForm } from './NewTemplateForm.tsx';
import { ReadyTemplates } from './ReadyTemplates.tsx';
import { type PreviewSource, TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';
import { TemplateList } from './TemplateList.tsx';
import { useNewTemplate } from './use-new-template.ts';
import { useAdminData } from './use-admin-data.ts';

const countLabel = (n: number) => `${n} of ${TEMPLATE_LIMIT}`;

/**
 * Email Templates (SPEC.md section 2): at most 3, a create form while fewer exist, an edit dialog,
 * delete; a preview of each as the customer sees it, and ready-made ones to add (issue 33, item 5).
 */
export default function EmailTemplatesCard() {
  const { data: templates, setData: setTemplates, loadFailed, load } = useAdminData(() => adminRequest<EmailTemplate[]>('GET', '/api/email-templates'));
  const { form, creating, nameInput, create } = useNewTemplate({ templates, setTemplates, load });
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<PreviewSource | null>(null);

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
          <Loaded
            data={templates}
            loadFailed={loadFailed}
            onRetry={() => void load()}
            errorMessage="The email templates could not be loaded."
            loadingLabel="Loading email templates..."
            empty={
              <div class="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
                <p class="font-medium text-slate-700">No email templates yet</p>
                <p class="mt-1">Create one, and staff can choose it when they log a review request.</p>
              </div>
            }
          >
            {(list) => (
              <TemplateList
                templates={list}
                deletingId={deletingId}
                onEdit={setEditing}
                onDelete={(template) => void remove(template)}
                onPreview={setPreviewing}
              />
            )}
          </Loaded>
          {templates && (
            <ReadyTemplates templates={templates} onAdded={(template) => setTemplates((current) => [...(current ?? []), template])} onPreview={setPreviewing} />
          )}
        </div>
        <div>
          {templates === null ? null : full ? (
            <p class="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600" role="note">
              <span class="font-medium text-slate-800">You have {TEMPLATE_LIMIT} templates, the most a dashboard can hold.</span> Edit one, or delete one to add
              another.
            </p>
          ) : (
            <NewTemplateForm form={form} creating={creating} nameRef={nameInput} onSubmit={create} />
          )}
        </div>
      </div>

      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
    </AdminCard>
  );
}
