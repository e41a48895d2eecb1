import { autocompletion, type Completion, type CompletionContext } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
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

/** CodeMirror's completion popup: a listbox with the active option announced, Escape keeps the `/`. */
export const slashMenu = autocompletion({ override: [slashSource], icons: false });
