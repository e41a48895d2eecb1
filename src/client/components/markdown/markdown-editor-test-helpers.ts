import { EditorView } from '@codemirror/view';
import userEvent from '@testing-library/user-event';

/**
 * Reading and typing into the CodeMirror note editor from jsdom tests. jsdom has no layout, so the
 * text is read from the editor's document (the Markdown that is saved), not from its drawn lines.
 */

// jsdom implements no layout and leaves these out of Range; CodeMirror measures text with them. Empty
// answers are what a page without layout would give.
if (typeof Range.prototype.getClientRects !== 'function') {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}

// jsdom does not implement isContentEditable either; page-wide single-key shortcuts (`n`, `/`) ask it
// whether a key is typing, so without it they would take letters typed into the editor.
if (!('isContentEditable' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
    get(this: HTMLElement) {
      const host = this.closest('[contenteditable]');
      return host !== null && host.getAttribute('contenteditable') !== 'false';
    },
  });
}

function viewOf(content: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('not a CodeMirror editor');
  return view;
}

/** The Markdown the editor holds. */
export function editorText(content: HTMLElement): string {
  return viewOf(content).state.doc.toString();
}

/** Focuses the editor, puts the cursor at the end and types `text` key by key. */
export async function typeAtEnd(content: HTMLElement, text: string) {
  const view = viewOf(content);
  view.focus();
  view.dispatch({ selection: { anchor: view.state.doc.length } });
  await userEvent.keyboard(text);
}
