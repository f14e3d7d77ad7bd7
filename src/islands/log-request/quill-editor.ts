// Quill 2, trimmed to what the log form offers, loaded only through a dynamic import (STACK.md
// gotcha 15) by the log-request island and by the admin panel's email template editor. Registering from quill/core keeps out what the full bundle
// adds and this page never uses (tables, syntax, formulas, images, video, the bubble theme).
import Quill from 'quill/core';
import Bold from 'quill/formats/bold';
import { ColorStyle } from 'quill/formats/color';
import Header from 'quill/formats/header';
import Indent from 'quill/formats/indent';
import Italic from 'quill/formats/italic';
import Link from 'quill/formats/link';
import List from 'quill/formats/list';
import Underline from 'quill/formats/underline';
import Toolbar from 'quill/modules/toolbar';
import SnowTheme from 'quill/themes/snow';
import 'quill/dist/quill.snow.css';
import './editor.css';
import { emailHtmlFromEditor, isBlankHtml } from './fill.ts';

Quill.register(
  {
    // Inline styles, not ql-* classes: the body is sent as an email, where Quill's CSS is absent.
    'formats/color': ColorStyle,
    'formats/bold': Bold,
    'formats/italic': Italic,
    'formats/underline': Underline,
    'formats/link': Link,
    'formats/list': List,
    'formats/indent': Indent,
    // Not on the toolbar, but kept when a template's HTML has headings.
    'formats/header': Header,
    'modules/toolbar': Toolbar,
    'themes/snow': SnowTheme,
  },
  true,
);

/** SPEC.md section 2: bold, italic, underline, colour, ordered and bullet lists, link, clean. */
const TOOLBAR = [
  ['bold', 'italic', 'underline', { color: [] as string[] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'clean'],
];
const FORMATS = ['bold', 'italic', 'underline', 'color', 'list', 'indent', 'link', 'header'];

/** Names for the controls Quill labels only with its format names ("bold", "list: ordered"...). */
const CONTROL_NAMES: Record<string, string> = {
  'ql-bold': 'Bold',
  'ql-italic': 'Italic',
  'ql-underline': 'Underline',
  'ql-link': 'Link',
  'ql-clean': 'Clear formatting',
};

export interface EditorHandle {
  /** The body as email HTML; '' when the editor holds no text. */
  html(): string;
  /** Replaces the content without counting as a hand edit and without taking the focus. */
  setHtml(html: string): void;
  setEnabled(enabled: boolean): void;
  /**
   * Types `text` where the caret was last (replacing a selection), as the person's own edit; at the
   * end when the caret was never in the editor. The caret is left after it, in the editor.
   */
  insertText(text: string): void;
  /** Ties the editor to its error message (or hint) for screen readers. */
  describe(describedBy: string | undefined, invalid: boolean): void;
  focus(): void;
  destroy(): void;
}

export interface EditorOptions {
  /** The id of the visible label: the editor's accessible name. */
  labelledBy: string;
  placeholder: string;
  /** Called for the person's own edits only, with the new email HTML. */
  onUserChange(html: string): void;
}

export function createEditor(host: HTMLElement, options: EditorOptions): EditorHandle {
  const mount = document.createElement('div');
  host.append(mount);
  const quill = new Quill(mount, {
    theme: 'snow',
    modules: {
      toolbar: TOOLBAR,
      // Tab leaves the editor like any other field (no keyboard trap): Quill would insert a tab
      // character or indent a list item instead.
      keyboard: { bindings: { tab: false, indent: false, outdent: false, 'remove tab': false } },
    },
    formats: FORMATS,
    placeholder: options.placeholder,
  });

  const root = quill.root;
  root.setAttribute('role', 'textbox');
  root.setAttribute('aria-multiline', 'true');
  root.setAttribute('aria-labelledby', options.labelledBy);

  const toolbar = host.querySelector<HTMLElement>('.ql-toolbar');
  if (toolbar) {
    toolbar.setAttribute('aria-label', 'Formatting');
    for (const [cls, name] of Object.entries(CONTROL_NAMES)) toolbar.querySelector(`button.${cls}`)?.setAttribute('aria-label', name);
    toolbar.querySelector('button.ql-list[value="ordered"]')?.setAttribute('aria-label', 'Numbered list');
    toolbar.querySelector('button.ql-list[value="bullet"]')?.setAttribute('aria-label', 'Bullet list');
    toolbar.querySelector('.ql-color .ql-picker-label')?.setAttribute('aria-label', 'Text colour');
  }
  host.querySelector('.ql-tooltip input')?.setAttribute('aria-label', 'Link address');

  const html = () => {
    const semantic = emailHtmlFromEditor(quill.getSemanticHTML());
    return isBlankHtml(semantic) ? '' : semantic;
  };

  quill.on('text-change', (_delta, _old, source) => {
    if (source === 'user') options.onUserChange(html());
  });

  // Where the caret was when the editor lost the focus (a click on a button outside it).
  let lastRange: { index: number; length: number } | null = null;
  quill.on('selection-change', (range) => {
    if (range) lastRange = range;
  });

  return {
    html,
    setHtml(value) {
      quill.setContents(value ? quill.clipboard.convert({ html: value }) : [], 'api');
      quill.history.clear();
      lastRange = null;
    },
    insertText(text) {
      const end = Math.max(0, quill.getLength() - 1);
      const range = quill.getSelection() ?? lastRange ?? { index: end, length: 0 };
      const index = Math.min(range.index, end);
      const length = Math.min(range.length, end - index);
      if (length > 0) quill.deleteText(index, length, 'user');
      quill.insertText(index, text, 'user');
      quill.setSelection(index + text.length, 0, 'user');
    },
    setEnabled(enabled) {
      quill.enable(enabled);
      host.toggleAttribute('data-disabled', !enabled);
    },
    describe(describedBy, invalid) {
      if (describedBy) root.setAttribute('aria-describedby', describedBy);
      else root.removeAttribute('aria-describedby');
      if (invalid) root.setAttribute('aria-invalid', 'true');
      else root.removeAttribute('aria-invalid');
    },
    focus() {
      quill.focus();
    },
    destroy() {
      quill.off('text-change');
      quill.off('selection-change');
      host.replaceChildren();
    },
  };
}
