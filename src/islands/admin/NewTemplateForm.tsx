import type { Ref } from 'preact';
import { canCreateTemplate } from '#shared/template-rules.ts';
import { TemplateFields } from './TemplateFields.tsx';
import type { TemplateDraftState } from './use-template-draft.ts';

interface Props {
  form: TemplateDraftState;
  creating: boolean;
  nameRef: Ref<HTMLInputElement>;
  onSubmit: (event: Event) => void;
}

/** The create form, shown while the workspace has fewer templates than it may. */
export function NewTemplateForm({ form, creating, nameRef, onSubmit }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate class="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-label="New email template">
      <h4 class="text-sm font-semibold text-slate-900">New template</h4>
      <TemplateFields
        idPrefix="new-template"
        draft={form.draft}
        bodyVersion={form.bodyVersion}
        errors={form.errors}
        disabled={creating}
        nameRef={nameRef}
        onChange={form.change}
      />
      <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={creating || !canCreateTemplate(form.draft)}>
        {creating ? 'Creating...' : 'Create Template'}
      </button>
    </form>
  );
}
