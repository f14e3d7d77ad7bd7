import { useState } from 'preact/hooks';
import { PLACEHOLDERS } from '#shared/placeholders.ts';
import { BodyEditor } from '../log-request/BodyEditor.tsx';
import type { EditorHandle } from '../log-request/quill-editor.ts';

/** What each placeholder stands for, on its button. */
const PLACEHOLDER_NAMES: Record<(typeof PLACEHOLDERS)[number], string> = {
  '{firstName}': 'Customer first name',
  '{lastName}': 'Customer last name',
  '{fullName}': 'Customer full name',
  '{staffFirstName}': 'Staff first name',
  '{companyName}': 'Business name',
};

interface Props {
  /** The body's HTML. */
  value: string;
  /** Changes each time `value` was set from outside the editor (a template opened, the form reset). */
  version: number;
  /** The person's own edits, as email HTML ('' when the editor holds no text). */
  onUserChange(html: string): void;
  disabled: boolean;
  /** The id of the visible label: the editor's accessible name. */
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** An email template's body: the log form's rich-text editor, and buttons that put a placeholder where the caret is. */
export function TemplateBodyEditor({ value, version, onUserChange, disabled, labelledBy, describedBy, invalid }: Props) {
  const [editor, setEditor] = useState<EditorHandle | null>(null);

  return (
    <>
      <BodyEditor
        value={value}
        version={version}
        onUserChange={onUserChange}
        disabled={disabled}
        labelledBy={labelledBy}
        describedBy={describedBy}
        invalid={invalid}
        onReady={setEditor}
        placeholder="Hi {firstName}, thank you for choosing {companyName}. Would you leave us a review?"
        testId="template-body-editor"
        loadingHeight="h-[220px]"
        class="template-editor"
      />
      <div class="mt-2">
        <p class="text-xs text-slate-500">Insert at the cursor, filled in for each customer when a request is logged:</p>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset would announce it as a form group */}
        <div class="mt-1.5 flex flex-wrap gap-1.5" role="group" aria-label="Insert a placeholder">
          {PLACEHOLDERS.map((placeholder) => (
            <button
              key={placeholder}
              type="button"
              class="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:border-brand-300 hover:bg-brand-50 disabled:opacity-50"
              disabled={disabled || !editor}
              title={`Insert ${placeholder}`}
              // The caret stays in the editor: a click would otherwise take the focus first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => editor?.insertText(placeholder)}
            >
              <span aria-hidden="true" class="text-brand-600">
                +
              </span>
              {PLACEHOLDER_NAMES[placeholder]}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}
