import type { RefObject } from 'preact';
import { Field } from '../ui/Field.tsx';
import { BodyEditor } from './BodyEditor.tsx';
import { editedBody, type LogTemplate, timingTipFor } from './fill.ts';
import type { EditorHandle } from './quill-editor.ts';
import { SelectField } from './SelectField.tsx';
import type { FieldBinding, RequestFormState } from './use-request-form.ts';

/** When asking works best: the template's own tip, or the workspace's. */
function TimingTip({ tip }: { tip: string }) {
  return (
    <div class="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-testid="timing-tip">
      <p class="flex items-center gap-2 font-semibold">
        <svg viewBox="0 0 20 20" fill="currentColor" class="h-4 w-4 text-sky-700" aria-hidden="true">
          <path
            fill-rule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z"
            clip-rule="evenodd"
          />
        </svg>
        When to ask
      </p>
      <p class="mt-1 leading-relaxed whitespace-pre-line">{tip}</p>
    </div>
  );
}

/** The email's body in the editor, with its error, or a hint and (once edited by hand) "Refill from template". */
function BodyField({ state, busy, editor }: { state: RequestFormState; busy: boolean; editor: RefObject<EditorHandle | null> }) {
  const { draft, setDraft, errors, template, refill } = state;
  const edited = draft.subjectEdited || draft.bodyEdited;
  return (
    <div>
      <p id="body-label" class="label">
        Email Body
      </p>
      <BodyEditor
        value={draft.body}
        version={draft.bodyVersion}
        onUserChange={(html) => setDraft((d) => editedBody(d, html))}
        disabled={busy}
        labelledBy="body-label"
        describedBy={errors.customEmailContent ? 'body-error' : 'body-hint'}
        invalid={Boolean(errors.customEmailContent)}
        handle={editor}
      />
      {errors.customEmailContent ? (
        <p id="body-error" class="field-error">
          {errors.customEmailContent}
        </p>
      ) : (
        <p id="body-hint" class="mt-1.5 text-xs text-slate-500">
          {edited && template ? (
            <>
              Edited by hand: the names no longer update it.{' '}
              <button type="button" onClick={refill} disabled={busy} class="font-semibold text-brand-600 underline-offset-2 hover:underline">
                Refill from template
              </button>
            </>
          ) : (
            'Placeholders such as {firstName} fill in as you type the names.'
          )}
        </p>
      )}
    </div>
  );
}

interface Props {
  input: FieldBinding;
  state: RequestFormState;
  templates: LogTemplate[];
  /** The workspace's tip, shown unless the template has its own. */
  timingTip: string;
  locked: boolean;
  busy: boolean;
  editor: RefObject<EditorHandle | null>;
}

/**
 * The email: its template, when to ask, and the subject and body as they will be sent. A request by
 * text alone keeps the template (the text is the template's) and leaves the email out.
 */
export function EmailFields({ input, state, templates, timingTip, locked, busy, editor }: Props) {
  const textOnly = state.form.channel === 'sms';
  return (
    <fieldset class="space-y-5 border-t border-slate-200 pt-6" disabled={locked}>
      <legend class="float-left mb-4 w-full text-base font-semibold text-slate-900">{textOnly ? 'Message' : 'Email'}</legend>
      <SelectField
        label={textOnly ? 'Template' : 'Email Template'}
        emptyLabel={templates.length ? 'Select a template' : 'No active templates: ask your admin to add one'}
        options={templates.map((t) => ({ value: String(t.id), label: t.name }))}
        {...input('templateId')}
      />
      <TimingTip tip={timingTipFor(state.template, timingTip)} />
      {!textOnly && (
        <>
          <Field
            id="subject"
            label="Email Subject"
            value={state.draft.subject}
            error={state.errors.customEmailSubject}
            disabled={busy}
            onInput={(e) => {
              const subject = e.currentTarget.value;
              state.setDraft((d) => ({ ...d, subject, subjectEdited: true }));
            }}
          />
          <BodyField state={state} busy={busy} editor={editor} />
        </>
      )}
    </fieldset>
  );
}
