import { EditorSelection, type EditorState, type StateCommand, type Transaction } from '@codemirror/state';

/**
 * Formatting commands on the Markdown text itself (the saved text stays plain Markdown): each one
 * toggles, so pressing it again on formatted text removes the formatting.
 */

/** The block kinds a line can be turned into (toolbar, shortcuts and the `/` menu share them). */
export type BlockKind = 'h1' | 'h2' | 'h3' | 'bullet' | 'ordered' | 'check' | 'quote';

const prefixes: Record<BlockKind, string> = {
  h1: '# ',
  h2: '## ',
  h3: '### ',
  bullet: '- ',
  ordered: '1. ',
  check: '- [ ] ',
  quote: '> ',
};

/** A line's indentation and its block marker (heading, quote, list or checklist), if any. */
const markerPattern = /^(\s*)(#{1,6} |> ?|[-*+] \[[ xX]\] |[-*+] |\d+[.)] )?/;

function kindOf(marker: string): BlockKind | null {
  if (/^#{1,3} $/.test(marker)) return (['h1', 'h2', 'h3'] as const)[marker.length - 2] ?? null;
  if (/^> ?$/.test(marker)) return 'quote';
  if (/^[-*+] \[[ xX]\] $/.test(marker)) return 'check';
  if (/^[-*+] $/.test(marker)) return 'bullet';
  if (/^\d+[.)] $/.test(marker)) return 'ordered';
  return null;
}

/** Puts every selected line into `kind`, or takes them all out of it when they all are in it already. */
export function toggleBlock(kind: BlockKind): StateCommand {
  return ({ state, dispatch }) => {
    if (state.readOnly) return false;
    const lines = new Set<number>();
    for (const range of state.selection.ranges) {
      const last = state.doc.lineAt(range.to).number;
      for (let n = state.doc.lineAt(range.from).number; n <= last; n++) lines.add(n);
    }
    const parsed = [...lines].map((n) => {
      const line = state.doc.line(n);
      const [, indent = '', marker = ''] = markerPattern.exec(line.text) ?? [];
      return { line, indent, marker };
    });
    const allIn = parsed.every((p) => kindOf(p.marker) === kind);
    let number = 0;
    const changes = parsed.map(({ line, indent, marker }) => {
      number++;
      const insert = allIn ? '' : kind === 'ordered' ? `${number}. ` : prefixes[kind];
      const from = line.from + indent.length;
      return { from, to: from + marker.length, insert };
    });
    dispatch(state.update({ changes, scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };
}

/** Wraps each selection in `mark` (`**`, `*`, `` ` ``), or unwraps it when it is wrapped already. */
export function toggleInline(mark: string): StateCommand {
  return ({ state, dispatch }) => {
    if (state.readOnly) return false;
    const size = mark.length;
    const tr = state.changeByRange((range) => {
      const inside = state.sliceDoc(range.from, range.to);
      if (inside.length >= size * 2 && inside.startsWith(mark) && inside.endsWith(mark)) {
        return {
          changes: [
            { from: range.from, to: range.from + size },
            { from: range.to - size, to: range.to },
          ],
          range: EditorSelection.range(range.from, range.to - size * 2),
        };
      }
      const before = state.sliceDoc(range.from - size, range.from);
      const after = state.sliceDoc(range.to, range.to + size);
      // A word inside `**bold**` is not italic: one `*` of the bold's two must not be taken away.
      const inBold = mark === '*' && state.sliceDoc(range.from - 2, range.from) === '**';
      const inBoldItalic = state.sliceDoc(range.from - 3, range.from) === '***';
      if (before === mark && after === mark && (!inBold || inBoldItalic)) {
        return {
          changes: [
            { from: range.from - size, to: range.from },
            { from: range.to, to: range.to + size },
          ],
          range: EditorSelection.range(range.from - size, range.to - size),
        };
      }
      return {
        changes: [
          { from: range.from, insert: mark },
          { from: range.to, insert: mark },
        ],
        range: EditorSelection.range(range.from + size, range.to + size),
      };
    });
    dispatch(state.update(tr, { scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };
}

/** `[selection](url)` with `url` selected to type over, or a `[text](url)` template with `text` selected. */
export const insertLink: StateCommand = ({ state, dispatch }) => {
  if (state.readOnly) return false;
  const tr = state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    if (text) {
      const url = range.from + text.length + 3;
      return {
        changes: { from: range.from, to: range.to, insert: `[${text}](url)` },
        range: EditorSelection.range(url, url + 3),
      };
    }
    return {
      changes: { from: range.from, insert: '[text](url)' },
      range: EditorSelection.range(range.from + 1, range.from + 5),
    };
  });
  dispatch(state.update(tr, { scrollIntoView: true, userEvent: 'input.format' }));
  return true;
};

/** A line holding only a list, checklist or quote marker (what Enter on an "empty item" sees). */
const emptyItem = /^\s*(> ?|[-*+] \[[ xX]\] ?|[-*+] ?|\d+[.)] ?)\s*$/;

/**
 * Enter on an empty list, checklist or quote line leaves the block: the marker goes and the line stays
 * empty. CodeMirror's own continuation does this for lists but keeps adding `>` to an empty quote.
 */
export const leaveEmptyBlock: StateCommand = ({ state, dispatch }) => {
  if (state.readOnly || state.selection.ranges.some((r) => !r.empty)) return false;
  const lines = state.selection.ranges.map((r) => state.doc.lineAt(r.head));
  if (!lines.every((line) => emptyItem.test(line.text))) return false;
  dispatch(
    state.update({
      changes: lines.map((line) => ({ from: line.from, to: line.to })),
      userEvent: 'delete',
    }),
  );
  return true;
};

/** Runs a command on a state and returns the new one (for tests and for callers without a view). */
export function applyCommand(state: EditorState, command: StateCommand): EditorState {
  let next = state;
  command({ state, dispatch: (tr: Transaction) => (next = tr.state) });
  return next;
}
