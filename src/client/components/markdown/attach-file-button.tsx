import type { EditorView } from '@codemirror/view';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { messages } from '../../../shared/messages.ts';
import { explainReadOnly, uploadFilesInto } from './attachment-drop-paste.ts';

/**
 * "Attach file": a button opening the file picker (a hidden input), whose files upload into the page at
 * the cursor like a paste or a drop. The editor's toolbar can render this same component. In a
 * read-only account the button stays (hiding it would leave people wondering where files went) and
 * says, under the editor, why no file can be added instead of opening the picker.
 */
export function AttachFileButton({
  editor,
  tabIndex,
}: {
  editor: () => EditorView | null;
  /** -1 inside the formatting toolbar, whose arrow keys move between its buttons. */
  tabIndex?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        tabIndex={tabIndex}
        onClick={() => {
          const view = editor();
          if (view?.state.readOnly) explainReadOnly(view);
          else input.current?.click();
        }}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Paperclip aria-hidden="true" className="h-4 w-4" />
        {messages.attachments.attach}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const view = editor();
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (view && files.length > 0) {
            view.focus();
            void uploadFilesInto(view, files);
          }
        }}
      />
    </>
  );
}
