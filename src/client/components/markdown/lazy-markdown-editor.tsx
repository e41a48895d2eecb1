import { lazyPart } from '../../lib/lazy-part.tsx';

/**
 * The Markdown editor, fetched on first use: CodeMirror is its own chunk. Pages and a task's description
 * use it. Until it arrives the text shows as typed.
 */
export const LazyMarkdownEditor = lazyPart(
  async () => (await import('./markdown-editor.tsx')).MarkdownEditor,
  (props) => (
    <div className="whitespace-pre-wrap text-sm text-slate-800" aria-busy="true">
      {props.value}
    </div>
  ),
);
