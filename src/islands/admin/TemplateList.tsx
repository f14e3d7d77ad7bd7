import type { EmailTemplate } from '#domain/requests/templates.ts';
import { templatePreview } from '#shared/template-rules.ts';

interface Props {
  templates: EmailTemplate[];
  /** The template being deleted, if any. */
  deletingId: number | null;
  onEdit: (template: EmailTemplate) => void;
  onDelete: (template: EmailTemplate) => void;
  /** Shows the email as the customer will see it (TemplatePreviewDialog). */
  onPreview: (template: EmailTemplate) => void;
}

/** The workspace's templates: name, subject, the start of the body as text with a Preview beside it, and Edit and Delete. */
export function TemplateList({ templates, deletingId, onEdit, onDelete, onPreview }: Props) {
  return (
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
                <button type="button" class="btn btn-ghost px-3 py-1.5" onClick={() => onEdit(template)} disabled={busy} aria-label={`Edit ${template.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  class="btn btn-ghost px-3 py-1.5 text-red-600 hover:bg-red-50"
                  onClick={() => onDelete(template)}
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
            <div class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <button
                type="button"
                class="btn btn-secondary min-h-9 px-3 py-1 text-sm"
                onClick={() => onPreview(template)}
                aria-label={`Preview ${template.name}`}
              >
                Preview
              </button>
              {template.phoneScript && <p class="text-xs text-slate-500">Includes a phone script</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
