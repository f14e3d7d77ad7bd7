import { useEffect, useState } from 'preact/hooks';
import type { EmailTemplate } from '#domain/requests/templates.ts';
import { canCreateTemplate } from '#shared/template-rules.ts';
import { adminRequest, showFailure } from './admin-api.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { changesOf, draftOf, serverFieldError } from './template-draft.ts';
import { TemplateFields } from './TemplateFields.tsx';
import { useTemplateDraft } from './use-template-draft.ts';

interface Props {
  /** The template being edited; null while the dialog is closed. */
  template: EmailTemplate | null;
  onClose: () => void;
  onSaved: (template: EmailTemplate) => void;
}

/** Edit Email Template: the same fields as the create form; only what changed is sent. */
export function EditTemplateDialog({ template, onClose, onSaved }: Props) {
  const { draft, bodyVersion, errors, setErrors, change, reset, passes } = useTemplateDraft();
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each template opened fills the form; reset only sets state
  useEffect(() => {
    if (template) reset(draftOf(template));
  }, [template]);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!template || !passes()) return;
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
        <TemplateFields idPrefix="edit-template" draft={draft} bodyVersion={bodyVersion} errors={errors} disabled={saving} onChange={change} />
        <DialogActions onCancel={onClose} busy={saving} disabled={!canCreateTemplate(draft)} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
