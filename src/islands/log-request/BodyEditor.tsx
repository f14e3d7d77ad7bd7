import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EditorHandle } from './quill-editor.ts';

interface Props {
  /** The HTML the body holds. */
  value: string;
  /** Changes each time `value` was set from outside the editor: only then is it loaded into Quill. */
  version: number;
  /** The person's own edits. */
  onUserChange(html: string): void;
  disabled: boolean;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  /** Set to the live editor once Quill has loaded. */
  handle?: RefObject<EditorHandle | null>;
  /** Told of the live editor once Quill has loaded (null until then). */
  onReady?(editor: EditorHandle | null): void;
  placeholder?: string;
  testId?: string;
  /** The stand-in's height while Quill loads, as the editor's own CSS sets it. */
  loadingHeight?: string;
  class?: string;
}

/**
 * An email body (the log form's, a template's): Quill, imported only in the browser, once the island
 * has hydrated. A box of the same size stands in until it has loaded, so nothing moves.
 */
export function BodyEditor({
  value,
  version,
  onUserChange,
  disabled,
  labelledBy,
  describedBy,
  invalid,
  handle,
  onReady,
  placeholder = 'Choose a template, or write the email here',
  testId = 'email-body-editor',
  loadingHeight = 'h-[250px]',
  class: extra = '',
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<EditorHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(onUserChange);
  onChange.current = onUserChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: Quill is created once per mount; later props reach it through the effect below
  useEffect(() => {
    let live = true;
    let created: EditorHandle | undefined;
    import('./quill-editor.ts')
      .then(({ createEditor }) => {
        if (!live || !host.current) return;
        created = createEditor(host.current, {
          labelledBy,
          placeholder,
          onUserChange: (html) => onChange.current(html),
        });
        if (handle) handle.current = created;
        setEditor(created);
        onReady?.(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (handle) handle.current = null;
      onReady?.(null);
      created?.destroy();
    };
  }, []);

  // Keyed on the version, not the value: the value also changes as the person types, and writing
  // that echo back into Quill would move the caret.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value is pushed into Quill only when the form replaces it (version), not on each keystroke
  useEffect(() => {
    if (editor) editor.setHtml(value);
  }, [editor, version]);

  useEffect(() => editor?.setEnabled(!disabled), [editor, disabled]);
  useEffect(() => editor?.describe(describedBy, invalid), [editor, describedBy, invalid]);

  return (
    <>
      <div ref={host} class={`log-editor ${extra}`} data-invalid={invalid || undefined} data-testid={testId} />
      {!editor && (
        <div aria-hidden={failed ? undefined : true} class="overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm">
          <div class="h-[42px] border-b border-slate-300 bg-slate-50" />
          <div class={`flex ${loadingHeight} items-start p-3 text-sm text-slate-600`}>
            {failed ? 'The editor could not load. Reload the page to try again.' : 'Loading editor…'}
          </div>
        </div>
      )}
    </>
  );
}
