import { EditorView } from '@codemirror/view';
import { htmlToMarkdown } from './html-to-markdown.ts';

/**
 * Pasted HTML (a web page, Google Docs, Word) goes in as clean Markdown. Only text: a paste carrying
 * files is left to the file handling, and plain text pastes as it is.
 */
export const pasteHtml = EditorView.domEventHandlers({
  paste(event, view) {
    const data = event.clipboardData;
    if (!data || view.state.readOnly || data.files.length > 0) return false;
    const html = data.getData('text/html');
    if (!html) return false;
    const markdown = htmlToMarkdown(html);
    if (!markdown) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(markdown), { userEvent: 'input.paste', scrollIntoView: true });
    return true;
  },
});
