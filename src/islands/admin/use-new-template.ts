import { type Dispatch, type StateUpdater, useRef, useState } from 'preact/hooks';
import type { EmailTemplate } from '#domain/requests/templates.ts';
import { TEMPLATE_LIMIT } from '#shared/template-rules.ts';
import { ApiError } from '../api.ts';
import { adminRequest, showFailure } from './admin-api.ts';
import { createBody, EMPTY_DRAFT, serverFieldError } from './template-draft.ts';
import { useTemplateDraft } from './use-template-draft.ts';

interface Options {
  templates: EmailTemplate[] | null;
  setTemplates: Dispatch<StateUpdater<EmailTemplate[] | null>>;
  /** Reads the list again. */
  load: () => Promise<void>;
}

/**
 * The create form's draft and its submit. The draft lives with the card, not the form, so what was
 * typed is still there when the form shows again after the list was full.
 */
export function useNewTemplate({ templates, setTemplates, load }: Options) {
  const form = useTemplateDraft();
  const [creating, setCreating] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    if (!form.passes()) return;
    setCreating(true);
    try {
      const created = await adminRequest<EmailTemplate>('POST', '/api/email-templates', createBody(form.draft));
      const next = [...(templates ?? []), created];
      setTemplates(next);
      form.reset(EMPTY_DRAFT);
      if (next.length < TEMPLATE_LIMIT) nameInput.current?.focus();
    } catch (error) {
      form.setErrors(serverFieldError(error));
      showFailure('Failed to create email template', error);
      // Another admin may have filled the last place: show the list as the server has it.
      if (error instanceof ApiError && error.status === 409) void load();
    } finally {
      setCreating(false);
    }
  };

  return { form, creating, nameInput, create };
}
