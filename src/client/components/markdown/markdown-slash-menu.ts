import { autocompletion, type Completion, type CompletionContext } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { messages } from '../../../shared/messages.ts';

const m = messages.notes;

/** What replaces the `/` and the typed filter, and where the cursor goes in it. */
function block(label: string, insert: string, cursor = insert.length): Completion {
  return {
    label,
    apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
      // `from` is just after the `/`: the slash goes too.
      view.dispatch({
        changes: { from: from - 1, to, insert },
        selection: { anchor: from - 1 + cursor },
        userEvent: 'input.complete',
      });
    },
  };
}

export const slashBlocks: Completion[] = [
  block(m.blockHeading(1), '# '),
  block(m.blockHeading(2), '## '),
  block(m.blockHeading(3), '### '),
  block(m.formatBullet, '- '),
  block(m.formatOrdered, '1. '),
  block(m.formatCheck, '- [ ] '),
  block(m.formatQuote, '> '),
  block(m.blockCodeBlock, '```\n\n```', 4),
  block(m.blockDivider, '---\n'),
];

/** A `/` at the start of a line (or after only spaces) offers the blocks, filtered by what follows it. */
export function slashSource(context: CompletionContext) {
  const line = context.state.doc.lineAt(context.pos);
  const before = context.state.sliceDoc(line.from, context.pos);
  const match = /^\s*\/([\w ]*)$/.exec(before);
  if (!match) return null;
  return { from: context.pos - (match[1] ?? '').length, options: slashBlocks, validFor: /^[\w ]*$/ };
}

// The app's palette variables, so the popup follows the dark theme (CodeMirror's own is light only).
const menuTheme = EditorView.theme({
  '.cm-tooltip.cm-tooltip-autocomplete': {
    backgroundColor: 'var(--color-white, #fff)',
    color: 'var(--color-slate-800, rgb(30 41 59))',
    border: '1px solid var(--color-slate-200, rgb(226 232 240))',
    borderRadius: '0.375rem',
    padding: '0.25rem 0',
  },
  '.cm-tooltip-autocomplete > ul > li': { padding: '0.25rem 0.75rem' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--color-blue-100, rgb(219 234 254))',
    color: 'var(--color-slate-900, rgb(15 23 42))',
  },
  '.cm-completionMatchedText': { textDecoration: 'none', fontWeight: '600' },
});

/** CodeMirror's completion popup: a listbox with the active option announced, Escape keeps the `/`. */
export const slashMenu = [autocompletion({ override: [slashSource], icons: false }), menuTheme];
