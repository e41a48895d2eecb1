import { syntaxTree } from '@codemirror/language';
import { type EditorState, type Range, RangeSet } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { SyntaxNode } from '@lezer/common';
import { bareTaskMarker, openableUrl, taskLabel } from './markdown-syntax.ts';
import { BulletWidget, OpenLinkWidget, TaskCheckboxWidget } from './markdown-widgets.ts';

/**
 * Live preview: the Markdown is formatted where it stands. Headings, emphasis, code, quotes, lists,
 * tasks and links get their look from decorations; their marks (`#`, `**`, `` ` ``, `](url)`) are hidden
 * on lines away from the cursor and dimmed on the cursor's lines, so what is typed is always visible
 * while it is typed. Only the visible ranges are walked (SilverBullet/ixora style), which keeps typing
 * fast in long notes. Nothing here spans lines with a replace decoration, so a view plugin may draw it
 * (codemirror/dev #924).
 */

const headingClass = [
  'text-[1.75em] font-bold leading-[1.4] tracking-tight text-slate-900',
  'text-[1.45em] font-bold leading-[1.4] tracking-tight text-slate-900',
  'text-[1.2em] font-semibold leading-[1.5] text-slate-900',
  'text-[1.05em] font-semibold text-slate-900',
  'font-semibold text-slate-900',
  'font-semibold text-slate-700',
];
// slate-500, not 400: the marks of the line being edited are text too, and need AA contrast (axe).
const dim = Decoration.mark({ class: 'cm-md-mark text-slate-500' });
const hide = Decoration.replace({});
const bullet = Decoration.replace({ widget: new BulletWidget() });
const marks = {
  StrongEmphasis: Decoration.mark({ class: 'cm-md-strong font-bold' }),
  Emphasis: Decoration.mark({ class: 'cm-md-em italic' }),
  Strikethrough: Decoration.mark({ class: 'cm-md-strike line-through' }),
  InlineCode: Decoration.mark({
    class: 'cm-md-code rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.88em] text-slate-800',
  }),
  link: Decoration.mark({
    class: 'cm-md-link text-blue-700 underline decoration-blue-300 underline-offset-2',
  }),
};
const codeLine = Decoration.line({ class: 'cm-md-codeblock bg-slate-50 px-3 font-mono text-[0.88em]' });
const quoteLine = Decoration.line({ class: 'cm-md-quote border-l-4 border-slate-200 pl-3 text-slate-600' });
const headingLines = headingClass.map((className, index) =>
  Decoration.line({
    class: `cm-md-heading cm-md-h${index + 1} ${className}`,
    // Screen readers can move by heading inside the note as they would on a page.
    attributes: { role: 'heading', 'aria-level': String(index + 1) },
  }),
);

/** Line numbers holding a cursor or selection; none while the editor is not focused. */
function activeLines(view: EditorView): Set<number> {
  const lines = new Set<number>();
  if (!view.hasFocus) return lines;
  for (const range of view.state.selection.ranges) {
    const first = view.state.doc.lineAt(range.from).number;
    const last = view.state.doc.lineAt(range.to).number;
    for (let n = first; n <= last; n++) lines.add(n);
  }
  return lines;
}

function linkUrl(state: EditorState, link: SyntaxNode) {
  const url = link.getChild('URL');
  return url ? openableUrl(state.sliceDoc(url.from, url.to)) : null;
}

interface Built {
  decorations: DecorationSet;
  /** Only what replaces text (hidden marks, checkboxes, bullets): the cursor steps over these whole. */
  atomic: DecorationSet;
}

function build(view: EditorView): Built {
  const { state } = view;
  const active = activeLines(view);
  const readOnly = state.readOnly;
  const out: Range<Decoration>[] = [];
  const replaced: Range<Decoration>[] = [];
  const replace = (deco: Decoration, from: number, to: number) => {
    out.push(deco.range(from, to));
    replaced.push(deco.range(from, to));
  };
  const lineOf = (pos: number) => state.doc.lineAt(pos);
  const isActive = (pos: number) => active.has(lineOf(pos).number);
  /** Hides a mark away from the cursor, dims it on the cursor's line. */
  const mark = (from: number, to: number) => {
    if (from >= to) return;
    if (isActive(from)) out.push(dim.range(from, to));
    else replace(hide, from, to);
  };
  const eachLine = (from: number, to: number, deco: Decoration, vFrom: number, vTo: number) => {
    for (let pos = Math.max(from, vFrom); pos <= Math.min(to, vTo); ) {
      const line = lineOf(pos);
      out.push(deco.range(line.from));
      pos = line.to + 1;
    }
  };
  const checkbox = (from: number, checked: boolean) => {
    const rest = state.sliceDoc(from + 3, lineOf(from).to);
    const widget = new TaskCheckboxWidget(checked, taskLabel(rest), readOnly);
    replace(Decoration.replace({ widget }), from, from + 3);
  };

  for (const { from: vFrom, to: vTo } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from: vFrom,
      to: vTo,
      enter: (node) => {
        const name = node.name;
        const level = /^ATXHeading([1-6])$/.exec(name)?.[1] ?? /^SetextHeading([12])$/.exec(name)?.[1];
        if (level) {
          const deco = headingLines[Number(level) - 1];
          if (deco) eachLine(node.from, node.to, deco, vFrom, vTo);
          return;
        }
        switch (name) {
          case 'HeaderMark': {
            // `# ` goes with its space; a setext underline (`===`) is only dimmed.
            const atxMark = state.sliceDoc(node.from, node.from + 1) === '#';
            if (!atxMark) out.push(dim.range(node.from, node.to));
            else {
              const space = state.sliceDoc(node.to, node.to + 1) === ' ' ? 1 : 0;
              mark(node.from, node.to + space);
            }
            return;
          }
          case 'StrongEmphasis':
          case 'Emphasis':
          case 'Strikethrough':
          case 'InlineCode':
            if (node.from < node.to) out.push(marks[name].range(node.from, node.to));
            return;
          case 'EmphasisMark':
          case 'StrikethroughMark':
            mark(node.from, node.to);
            return;
          case 'CodeMark':
            // Inline code's backticks hide; a code block's fences stay, dimmed (they span their own lines).
            if (node.node.parent?.name === 'InlineCode') mark(node.from, node.to);
            else out.push(dim.range(node.from, node.to));
            return;
          case 'FencedCode':
          case 'CodeBlock':
            eachLine(node.from, node.to, codeLine, vFrom, vTo);
            return;
          case 'CodeInfo':
            out.push(dim.range(node.from, node.to));
            return false;
          case 'Blockquote':
            eachLine(node.from, node.to, quoteLine, vFrom, vTo);
            return;
          case 'QuoteMark':
            out.push(dim.range(node.from, node.to));
            return;
          case 'ListMark': {
            const list = node.node.parent?.parent?.name;
            const isTask = node.node.parent?.getChild('Task') !== null;
            if (list === 'BulletList' && !isTask && !isActive(node.from) && node.to - node.from === 1)
              replace(bullet, node.from, node.to);
            else out.push(dim.range(node.from, node.to));
            return;
          }
          case 'TaskMarker':
            checkbox(node.from, state.sliceDoc(node.from + 1, node.from + 2) !== ' ');
            return;
          case 'Paragraph':
          case 'Task':
            // `[ ] todo` without a list marker, on any line of a paragraph or of a task's continuation
            // (a line right under `- [ ] a` belongs to that item). A line starting `- [ ]` never matches.
            for (let pos = Math.max(node.from, vFrom); pos <= Math.min(node.to, vTo); ) {
              const line = lineOf(pos);
              const task = bareTaskMarker(line.text);
              if (task) checkbox(line.from + task.offset, task.checked);
              pos = line.to + 1;
            }
            return;
          case 'Link': {
            // `[label]` alone (a reference, or `[x] done`) stays plain text: only inline links format.
            if (!node.node.getChild('URL')) return false;
            const url = linkUrl(state, node.node);
            const labelEnd = node.node.getChildren('LinkMark')[1]?.from ?? node.to;
            if (labelEnd > node.from + 1) out.push(marks.link.range(node.from + 1, labelEnd));
            mark(node.from, node.from + 1);
            // `](url "title")` is one mark: hidden or dimmed together.
            mark(labelEnd, node.to);
            if (url) out.push(Decoration.widget({ widget: new OpenLinkWidget(url), side: 1 }).range(node.to));
            return false;
          }
          case 'Autolink':
          case 'URL': {
            // A bare address (GFM autolink); an image's address stays as typed.
            if (name === 'URL' && node.node.parent?.name === 'Image') return;
            const url = openableUrl(state.sliceDoc(node.from, node.to));
            out.push(marks.link.range(node.from, node.to));
            if (url) out.push(Decoration.widget({ widget: new OpenLinkWidget(url), side: 1 }).range(node.to));
            return false;
          }
          default:
            return;
        }
      },
    });
  }
  return { decorations: Decoration.set(out, true), atomic: Decoration.set(replaced, true) };
}

/** The URL of the link at `pos`, if it may be opened. */
function urlAt(state: EditorState, pos: number): string | null {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, 1); node; node = node.parent) {
    if (node.name === 'Link') return linkUrl(state, node);
    if (node.name === 'URL' || node.name === 'Autolink')
      return openableUrl(state.sliceDoc(node.from, node.to));
  }
  return null;
}

export const livePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    atomic: DecorationSet;
    constructor(view: EditorView) {
      ({ decorations: this.decorations, atomic: this.atomic } = build(view));
    }
    update(update: ViewUpdate) {
      if (
        update.docChanged ||
        update.viewportChanged ||
        update.selectionSet ||
        update.focusChanged ||
        update.startState.readOnly !== update.state.readOnly ||
        syntaxTree(update.startState) !== syntaxTree(update.state)
      )
        ({ decorations: this.decorations, atomic: this.atomic } = build(update.view));
    }
  },
  {
    decorations: (plugin) => plugin.decorations,
    provide: (plugin) =>
      // Hidden marks and checkboxes are stepped over as one unit by the cursor and by Backspace.
      EditorView.atomicRanges.of((view) => view.plugin(plugin)?.atomic ?? RangeSet.empty),
    eventHandlers: {
      mousedown(event, view) {
        const target = event.target as HTMLElement | null;
        // Ctrl/Cmd+click opens a link, as in other editors; a plain click places the cursor.
        if (!(event.ctrlKey || event.metaKey) || target?.closest('.cm-md-task')) return false;
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        const url = pos === null ? null : urlAt(view.state, pos);
        if (!url) return false;
        window.open(url, '_blank', 'noopener,noreferrer');
        event.preventDefault();
        return true;
      },
    },
  },
);
