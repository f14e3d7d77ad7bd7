import { useEffect, useRef, useState } from 'preact/hooks';
import { PLACEHOLDERS } from '../../lib/templates/placeholders.ts';
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

/**
 * An email template's body, written with the log form's rich-text editor (Quill, imported only once
 * the card has hydrated) and buttons that put a placeholder where the caret is.
 */
export function TemplateBodyEditor({ value, version, onUserChange, disabled, labelledBy, describedBy, invalid }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<EditorHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(onUserChange);
  onChange.current = onUserChange;

  useEffect(() => {
    let live = true;
    let created: EditorHandle | undefined;
    import('../log-request/quill-editor.ts')
      .then(({ createEditor }) => {
        if (!live || !host.current) return;
        created = createEditor(host.current, {
          labelledBy,
          placeholder: 'Hi {firstName}, thank you for choosing {companyName}. Would you leave us a review?',
          onUserChange: (html) => onChange.current(html),
        });
        setEditor(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      created?.destroy();
    };
  }, []);

  // Keyed on the version, not the value: the value also changes as the person types, and writing
  // that echo back into Quill would move the caret.
  useEffect(() => {
    if (editor) editor.setHtml(value);
  }, [editor, version]);

  useEffect(() => editor?.setEnabled(!disabled), [editor, disabled]);
  useEffect(() => editor?.describe(describedBy, invalid), [editor, describedBy, invalid]);

  return (
    <>
      <div ref={host} class="log-editor template-editor" data-invalid={invalid || undefined} data-testid="template-body-editor" />
      {!editor && (
        <div aria-hidden={failed ? undefined : true} class="overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm">
          <div class="h-[42px] border-b border-slate-300 bg-slate-50" />
          <div class="flex h-[220px] items-start p-3 text-sm text-slate-400">
            {failed ? 'The editor could not load. Reload the page to try again.' : 'Loading editor…'}
          </div>
        </div>
      )}
      <div class="mt-2">
        <p class="text-xs text-slate-500">Insert at the cursor, filled in for each customer when a request is logged:</p>
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
