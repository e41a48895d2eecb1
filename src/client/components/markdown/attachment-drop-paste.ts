import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, type Panel, showPanel } from '@codemirror/view';
import { attachmentMarkdown } from '../../../shared/domain/attachments.ts';
import { messages } from '../../../shared/messages.ts';
import { UploadError, uploadAttachment } from './attachment-upload.ts';

/** What the status line under the editor says: an upload's progress, or why it failed. */
const setStatus = StateEffect.define<string | null>();
const status = StateField.define<string | null>({
  create: () => null,
  update: (value, tr) =>
    tr.effects.reduce((current, effect) => (effect.is(setStatus) ? effect.value : current), value),
  provide: (field) => showPanel.from(field, (text) => (text === null ? null : statusPanel)),
});

function statusPanel(view: EditorView): Panel {
  const dom = document.createElement('p');
  dom.setAttribute('role', 'status');
  dom.className = 'cm-attachment-status';
  dom.textContent = view.state.field(status) ?? '';
  return {
    dom,
    update(update) {
      dom.textContent = update.state.field(status) ?? '';
    },
  };
}

/** Where a placeholder is in the text now (the person may have typed around it meanwhile). */
function findPlaceholder(view: EditorView, marker: string): { from: number; to: number } | null {
  const text = view.state.doc.toString();
  const end = text.indexOf(`](${marker})`);
  if (end < 0) return null;
  const from = text.lastIndexOf('[', end);
  return from < 0 ? null : { from, to: end + marker.length + 3 };
}

/**
 * A read-only account's attempt to add a file: the status line says why nothing is uploaded, in the
 * spec's read-only words (the trial banner's).
 */
export function explainReadOnly(view: EditorView): void {
  view.dispatch({ effects: setStatus.of(messages.api.readOnly) });
}

/**
 * Uploads files into the page at `pos` (the cursor when none is given): each gets a placeholder link
 * showing its progress, replaced by its Markdown once stored, or removed with the reason shown below
 * the editor. Used by paste, drop and the Attach file button alike.
 */
export async function uploadFilesInto(view: EditorView, files: readonly File[], pos?: number): Promise<void> {
  if (view.state.readOnly) {
    explainReadOnly(view);
    return;
  }
  let at = pos ?? view.state.selection.main.head;
  for (const file of files) {
    const marker = `#uploading-${Math.random().toString(36).slice(2, 10)}`;
    const label = (percent: number) => `[${messages.attachments.uploading(file.name, percent)}](${marker})`;
    view.dispatch({
      changes: { from: at, insert: label(0) },
      effects: setStatus.of(messages.attachments.uploading(file.name, 0)),
    });
    const progress = (percent: number) => {
      const found = findPlaceholder(view, marker);
      if (found) view.dispatch({ changes: { ...found, insert: label(percent) } });
      view.dispatch({ effects: setStatus.of(messages.attachments.uploading(file.name, percent)) });
    };
    try {
      const stored = await uploadAttachment(file, progress);
      const found = findPlaceholder(view, marker);
      const markdown = attachmentMarkdown(stored);
      if (found) view.dispatch({ changes: { ...found, insert: markdown } });
      view.dispatch({ effects: setStatus.of(messages.attachments.uploaded(file.name)) });
      at = (found ? found.from : at) + markdown.length;
    } catch (error) {
      const found = findPlaceholder(view, marker);
      if (found) view.dispatch({ changes: { ...found, insert: '' } });
      const text = error instanceof UploadError ? error.message : messages.attachments.failed;
      view.dispatch({ effects: setStatus.of(text) });
    }
  }
}

const filesOf = (data: DataTransfer | null): File[] => (data ? Array.from(data.files) : []);

/**
 * Paste and drop of FILES into the editor. Text and HTML pastes are left to the other handlers (only a
 * paste that carries files is taken here).
 */
export const attachmentDropPaste = [
  status,
  EditorView.domEventHandlers({
    paste(event, view) {
      const files = filesOf(event.clipboardData);
      if (files.length === 0) return false;
      event.preventDefault();
      void uploadFilesInto(view, files);
      return true;
    },
    drop(event, view) {
      const files = filesOf(event.dataTransfer);
      if (files.length === 0) return false;
      event.preventDefault();
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? undefined;
      void uploadFilesInto(view, files, pos);
      return true;
    },
  }),
  EditorView.theme({
    '.cm-panels': { backgroundColor: 'transparent', color: 'inherit' },
    '.cm-panels-bottom': { borderTop: 'none' },
    '.cm-attachment-status': { margin: '0', fontSize: '13px', padding: '4px 0' },
  }),
];
