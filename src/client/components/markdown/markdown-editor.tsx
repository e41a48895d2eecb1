import {
  history,
  historyKeymap,
  indentLess,
  indentMore,
  moveLineDown,
  moveLineUp,
  standardKeymap,
} from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import { Annotation, Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { styleNonce } from '../../lib/style-nonce.ts';
import { AttachFileButton } from './attach-file-button.tsx';
import { attachmentDropPaste } from './attachment-drop-paste.ts';
import { attachmentImagePreview } from './attachment-image-preview.ts';
import { formatKeymap } from './markdown-format-keymap.ts';
import { livePreview } from './markdown-live-preview.ts';
import { pasteHtml } from './markdown-paste-html.ts';
import { slashMenu } from './markdown-slash-menu.ts';
import { MarkdownToolbar } from './markdown-toolbar.tsx';

interface MarkdownEditorProps {
  /** The Markdown text; the editor holds exactly this string and reports every edit as one. */
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  /** The editor's accessible name. */
  label: string;
  placeholder: string;
  describedBy?: string;
  /** Show the formatting toolbar above the text (the page editor; not the small task description). */
  toolbar?: boolean;
  /** More toolbar buttons at its end (file attachments). */
  toolbarExtra?: ReactNode;
}

/** Marks a change that came from `value` (another tab's version, a restored draft), not from typing. */
const fromValue = Annotation.define<boolean>();

// Only `markdownLanguage` (CommonMark + GFM): `markdown()` would also bundle HTML, CSS and JavaScript
// support for embedded code, about 70 KB gzip more (docs/notes prior art, measured).
const language = new LanguageSupport(markdownLanguage);

const theme = EditorView.theme({
  '&': { fontSize: '15px', color: 'inherit', backgroundColor: 'transparent' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.75rem', overflow: 'visible' },
  '.cm-content': { padding: '0', minHeight: '60vh', caretColor: 'currentColor' },
  '.cm-line': { padding: '0' },
  // Tailwind's variable, so the dark theme's palette applies; slate-500 keeps AA contrast for the hint.
  '.cm-placeholder': { color: 'var(--color-slate-500, rgb(100 116 139))' },
});

function attributes(label: string, describedBy: string | undefined): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  });
}

function editable(readOnly: boolean): Extension {
  return [
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
    EditorView.contentAttributes.of({ 'aria-readonly': String(readOnly) }),
  ];
}

/** The smallest edit turning `from` into `to`, so the cursor stays put when another version arrives. */
function diff(from: string, to: string) {
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end))
    end++;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

/**
 * A CodeMirror 6 editor over plain Markdown with a live preview (markdown-live-preview.ts). Mounted
 * once per page; `value` changes that did not come from it (conflict resolution, a newer version)
 * are applied as one edit.
 */
/**
 * The keys a notes editor needs beyond typing, moving and deleting (standardKeymap): indenting list
 * items and moving lines. CodeMirror's defaultKeymap also brings a code editor's commands (comment
 * toggling, bracket matching, selecting by syntax), about 3 KB gzip nobody writing notes uses (docs/performance.md).
 */
const noteKeymap = [
  { key: 'Mod-[', run: indentLess },
  { key: 'Mod-]', run: indentMore },
  { key: 'Alt-ArrowUp', run: moveLineUp },
  { key: 'Alt-ArrowDown', run: moveLineDown },
];

export const MarkdownEditor = memo(function MarkdownEditor({
  value,
  onChange,
  readOnly,
  label,
  placeholder,
  describedBy,
  toolbar = false,
  toolbarExtra,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  /** The text last reported, so the echo of our own edit through `value` is not applied again. */
  const reported = useRef(value);
  const onChangeRef = useRef(onChange);
  const config = useRef({ access: new Compartment(), attrs: new Compartment() });
  /** The props the editor is created with; later changes reach it through the effects below. */
  const initial = useRef({ value, readOnly, label, placeholder, describedBy, toolbar });
  /** An edit not reported yet (see `report`). */
  const unreported = useRef(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const { access, attrs } = config.current;
    const { value, readOnly, label, placeholder, describedBy, toolbar: withFiles } = initial.current;
    // Edits are reported after the next paint, not inside the key press: the autosave's work (a draft
    // of the whole note in localStorage, a React render) then never delays the typed letter's frame, and
    // keys typed within one frame are reported once. Leaving the page or the editor reports at once.
    const report = () => {
      if (!unreported.current || !view.current) return;
      unreported.current = false;
      const text = view.current.state.doc.toString();
      if (text === reported.current) return;
      reported.current = text;
      onChangeRef.current(text);
    };
    const reportAfterPaint = () => {
      if (unreported.current) return;
      unreported.current = true;
      requestAnimationFrame(() => setTimeout(report, 0));
      // requestAnimationFrame waits while the tab is hidden.
      setTimeout(report, 100);
    };
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          language,
          history(),
          formatKeymap,
          Prec.high(keymap.of(markdownKeymap)),
          slashMenu,
          pasteHtml,
          keymap.of([...standardKeymap, ...noteKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          placeholderText(placeholder),
          theme,
          // The themes above become one <style> element, which the page's CSP allows by this nonce.
          styleNonce ? EditorView.cspNonce.of(styleNonce) : [],
          livePreview,
          // Files belong to pages (the sweep keeps what pages and their history name): not to a task's
          // description, whose editor has no toolbar.
          withFiles ? attachmentDropPaste : [],
          attachmentImagePreview,
          access.of(editable(readOnly)),
          attrs.of(attributes(label, describedBy)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromValue))) return;
            reportAfterPaint();
          }),
        ],
      }),
    });
    view.current = editor;
    window.addEventListener('pagehide', report);
    return () => {
      window.removeEventListener('pagehide', report);
      report();
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A layout effect: it runs in the same task as the render, so no keystroke can land between a
  // render of an older `value` and this check (a passive effect ran late and undid a typed letter).
  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor || value === reported.current) return;
    reported.current = value;
    // The new value replaces the text, an unreported keystroke included: nothing is left to report.
    unreported.current = false;
    const current = editor.state.doc.toString();
    if (current !== value)
      editor.dispatch({ changes: diff(current, value), annotations: fromValue.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: config.current.access.reconfigure(editable(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: config.current.attrs.reconfigure(attributes(label, describedBy)) });
  }, [label, describedBy]);

  const currentView = useCallback(() => view.current, []);
  const editor = <div ref={host} className="cm-md-host mt-4 flex-1 text-slate-800" />;
  if (!toolbar) return editor;
  // Read-only: no formatting, but Attach file stays to say why nothing can be added (the spec's words).
  if (readOnly)
    return (
      <>
        <div className="flex">
          <AttachFileButton editor={currentView} />
        </div>
        {editor}
      </>
    );
  return (
    <>
      <MarkdownToolbar
        view={currentView}
        extraItems={
          <>
            <AttachFileButton editor={currentView} tabIndex={-1} />
            {toolbarExtra}
          </>
        }
      />
      {editor}
    </>
  );
});
