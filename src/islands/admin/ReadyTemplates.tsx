import { useState } from 'preact/hooks';
import type { EmailTemplate } from '#domain/requests/templates.ts';
import { type ReadyTemplate, readyTemplateBody, readyTemplatesToOffer } from '#shared/ready-templates.ts';
import { TEMPLATE_LIMIT } from '#shared/template-rules.ts';
import { adminRequest, showFailure } from './admin-api.ts';

interface Props {
  templates: EmailTemplate[];
  /** A template was added: the card lists it. */
  onAdded: (template: EmailTemplate) => void;
  onPreview: (template: ReadyTemplate) => void;
}

/** Moves the focus to the Edit button of a template just added, once the list shows it. */
const focusEdit = (name: string) => setTimeout(() => document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(`Edit ${name}`)}"]`)?.focus());

/**
 * The ready-made templates (issue 33, item 5; decision 065): offered while the workspace has room and
 * does not hold one of that name, each added with one click as an ordinary template, then edited.
 */
export function ReadyTemplates({ templates, onAdded, onPreview }: Props) {
  const [adding, setAdding] = useState<string | null>(null);
  const room = TEMPLATE_LIMIT - templates.length;
  const offered = readyTemplatesToOffer(templates.map((t) => t.name));
  if (room <= 0 || offered.length === 0) return null;

  const add = async (chosen: readonly ReadyTemplate[], busyKey: string) => {
    setAdding(busyKey);
    try {
      for (const template of chosen) onAdded(await adminRequest<EmailTemplate>('POST', '/api/email-templates', readyTemplateBody(template)));
      focusEdit(chosen[0]!.name);
    } catch (error) {
      showFailure('Failed to create email template', error);
    } finally {
      setAdding(null);
    }
  };

  return (
    <section aria-labelledby="ready-templates-heading" class="mt-6 rounded-xl border border-brand-100 bg-brand-50/60 p-4" data-testid="ready-templates">
      <div class="flex flex-wrap items-start justify-between gap-3">
        <div class="min-w-0 flex-1 basis-56">
          <h4 id="ready-templates-heading" class="text-sm font-semibold text-slate-900">
            Ready-made templates
          </h4>
          <p class="mt-1 text-sm text-slate-600">Each has a phone script and a tip on when to ask. Add one, then edit it as you like.</p>
        </div>
        {offered.length > 1 && offered.length <= room && (
          <button type="button" class="btn btn-primary shrink-0" disabled={adding !== null} onClick={() => void add(offered, 'all')}>
            {adding === 'all' ? 'Adding...' : offered.length === 3 ? 'Add all three' : 'Add both'}
          </button>
        )}
      </div>
      <ul class="mt-3 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
        {offered.map((template) => (
          <li key={template.key} class="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3" data-ready-template={template.key}>
            <div class="min-w-0 flex-1 basis-48">
              <p class="text-sm font-semibold text-slate-900">{template.name}</p>
              <p class="mt-0.5 text-sm text-slate-600 wrap-anywhere">{template.subject}</p>
            </div>
            <div class="flex shrink-0 items-center gap-2">
              <button type="button" class="btn btn-ghost min-h-9 px-3 py-1 text-sm" onClick={() => onPreview(template)} aria-label={`Preview ${template.name}`}>
                Preview
              </button>
              <button
                type="button"
                class="btn btn-secondary min-h-9 px-3 py-1 text-sm"
                disabled={adding !== null}
                onClick={() => void add([template], template.key)}
                aria-label={`${adding === template.key ? 'Adding' : 'Add'} ${template.name}`}
              >
                {adding === template.key ? 'Adding...' : 'Add'}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
