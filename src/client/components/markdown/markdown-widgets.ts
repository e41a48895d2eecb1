import { type EditorView, WidgetType } from '@codemirror/view';
import { toggledMarker } from './markdown-syntax.ts';

/**
 * The elements the live preview draws in place of Markdown: task checkboxes, list bullets and the
 * "open link" affordance. Each edits or reads the text only; the document stays the Markdown typed.
 */

/** Turns the `[ ]`/`[x]` at `pos` into the other one, as one undoable edit. */
export function toggleTaskAt(view: EditorView, pos: number): boolean {
  if (view.state.readOnly) return false;
  const marker = view.state.sliceDoc(pos, pos + 3);
  const next = toggledMarker(marker);
  if (!next) return false;
  view.dispatch({ changes: { from: pos, to: pos + 3, insert: next }, userEvent: 'input.toggle' });
  return true;
}

/**
 * A real checkbox over a task marker: focusable, named after the task, toggled by click or Space. It
 * keeps its element across toggles (updateDOM) so keyboard focus stays on it.
 */
export class TaskCheckboxWidget extends WidgetType {
  constructor(
    readonly checked: boolean,
    readonly label: string,
    readonly readOnly: boolean,
  ) {
    super();
  }

  override eq(other: TaskCheckboxWidget) {
    return other.checked === this.checked && other.label === this.label && other.readOnly === this.readOnly;
  }

  toDOM(view: EditorView) {
    const wrap = document.createElement('span');
    wrap.className = 'cm-md-task mr-1.5 inline-flex align-[-2px]';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'h-4 w-4 cursor-pointer accent-slate-700 disabled:cursor-default';
    box.addEventListener('change', () => {
      // The text decides the state: the box is redrawn from it after the edit (or put back if refused).
      const done = toggleTaskAt(view, view.posAtDOM(wrap));
      if (!done) box.checked = !box.checked;
    });
    wrap.append(box);
    this.updateDOM(wrap);
    return wrap;
  }

  override updateDOM(dom: HTMLElement) {
    const box = dom.querySelector('input');
    if (!box) return false;
    box.checked = this.checked;
    box.disabled = this.readOnly;
    box.setAttribute('aria-label', this.label);
    return true;
  }

  // The checkbox handles its own pointer and key events; the editor must not move the cursor for them.
  override ignoreEvent() {
    return true;
  }
}

/** A list bullet drawn in place of `-`, `*` or `+` away from the cursor. */
export class BulletWidget extends WidgetType {
  override eq() {
    return true;
  }

  toDOM() {
    const bullet = document.createElement('span');
    bullet.className = 'cm-md-bullet text-slate-500';
    bullet.setAttribute('aria-hidden', 'true');
    bullet.textContent = '•';
    return bullet;
  }
}

/** The visible way to open a link (Ctrl/Cmd+click on the link text does the same). */
export class OpenLinkWidget extends WidgetType {
  constructor(readonly url: string) {
    super();
  }

  override eq(other: OpenLinkWidget) {
    return other.url === this.url;
  }

  toDOM() {
    const link = document.createElement('a');
    link.href = this.url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.className =
      'cm-md-open-link ml-0.5 rounded px-0.5 text-[0.85em] text-blue-700 no-underline hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600';
    link.setAttribute('aria-label', `Open link ${this.url}`);
    link.title = `Open ${this.url} (or Ctrl/Cmd+click the link)`;
    const arrow = document.createElement('span');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.textContent = '↗';
    link.append(arrow);
    return link;
  }

  override ignoreEvent() {
    return true;
  }
}
