import { useEffect, useState } from 'preact/hooks';
import type { TemplatePreview } from '#domain/requests/template-preview.ts';
import { TEMPLATE_PREVIEW_SAMPLE } from '#shared/template-rules.ts';
import { adminRequest, failureText } from './admin-api.ts';
import { Dialog } from './Dialog.tsx';

/** What a preview is made from: a saved template, or a ready-made one not added yet. */
export interface PreviewSource {
  name: string;
  subject: string;
  htmlContent: string;
}

type State = { preview: TemplatePreview } | { failed: string } | null;

const { firstName, lastName, staffFirstName } = TEMPLATE_PREVIEW_SAMPLE;

/**
 * "Preview" (issue 33, item 5): the email as the customer will get it, composed by the server with
 * sample names. It is shown in a sandboxed frame (sandbox="": no script, no same-origin access, no
 * window or top-level navigation), so nothing in an email can act on the admin panel.
 */
export function TemplatePreviewDialog({ template, onClose }: { template: PreviewSource | null; onClose: () => void }) {
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    setState(null);
    if (!template) return;
    let current = true;
    adminRequest<TemplatePreview>('POST', '/api/email-templates/preview', { subject: template.subject, htmlContent: template.htmlContent })
      .then((preview) => current && setState({ preview }))
      .catch((error) => current && setState({ failed: failureText(error, 'The preview could not be made. Please try again.') }));
    return () => {
      current = false;
    };
  }, [template]);

  return (
    <Dialog
      open={template !== null}
      title="Email preview"
      description={template ? `${template.name}, as a customer will see it.` : undefined}
      onClose={onClose}
      wide
    >
      {state === null ? (
        <p role="status" class="rounded-lg bg-slate-50 px-4 py-10 text-center text-sm text-slate-600">
          Making the preview...
        </p>
      ) : 'failed' in state ? (
        <p role="alert" class="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {state.failed}
        </p>
      ) : (
        <div class="overflow-hidden rounded-xl border border-slate-200">
          <dl class="space-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <div class="flex gap-3">
              <dt class="w-16 shrink-0 text-slate-500">From</dt>
              <dd class="min-w-0 font-medium text-slate-900 wrap-anywhere">{state.preview.fromName}</dd>
            </div>
            <div class="flex gap-3">
              <dt class="w-16 shrink-0 text-slate-500">Subject</dt>
              <dd class="min-w-0 font-medium text-slate-900 wrap-anywhere" data-testid="email-preview-subject">
                {state.preview.subject}
              </dd>
            </div>
          </dl>
          <iframe
            title={`The email of ${template?.name ?? 'the template'}`}
            sandbox=""
            srcdoc={state.preview.html}
            class="block h-[26rem] w-full bg-slate-100 sm:h-[30rem]"
            data-testid="email-preview-frame"
          />
        </div>
      )}
      <p class="mt-3 text-xs text-slate-500">
        Shown with sample names: the customer {firstName} {lastName}, from {staffFirstName} on your team. When staff log a request, the real names go in and the
        button opens that customer's own review link. Links in this preview do not open.
      </p>
      <div class="mt-4 flex justify-end">
        <button type="button" class="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
