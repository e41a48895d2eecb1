import type { StateCommand } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import {
  Bold,
  Code,
  Heading,
  Italic,
  Link,
  List,
  ListChecks,
  ListOrdered,
  type LucideIcon,
  Quote,
} from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { modKeyLabel } from '../../lib/keyboard.ts';
import { readLocal, writeLocal } from '../../lib/local-store.ts';
import { insertLink, toggleBlock, toggleInline } from './markdown-format.ts';

const m = messages.notes;
const hiddenKey = 'jotlist.editorToolbarHidden';

interface ToolbarItem {
  label: string;
  icon: LucideIcon;
  command: StateCommand;
  /** The shortcut, shown in the tooltip (`Mod` is Ctrl or ⌘). */
  keys?: string;
}

const items: ToolbarItem[] = [
  { label: m.formatBold, icon: Bold, command: toggleInline('**'), keys: 'Mod+B' },
  { label: m.formatItalic, icon: Italic, command: toggleInline('*'), keys: 'Mod+I' },
  { label: m.formatHeading, icon: Heading, command: toggleBlock('h2'), keys: 'Mod+Alt+2' },
  { label: m.formatBullet, icon: List, command: toggleBlock('bullet'), keys: 'Mod+Shift+8' },
  { label: m.formatOrdered, icon: ListOrdered, command: toggleBlock('ordered'), keys: 'Mod+Shift+7' },
  { label: m.formatCheck, icon: ListChecks, command: toggleBlock('check'), keys: 'Mod+Shift+9' },
  { label: m.formatQuote, icon: Quote, command: toggleBlock('quote') },
  { label: m.formatCode, icon: Code, command: toggleInline('`') },
  { label: m.formatLink, icon: Link, command: insertLink, keys: 'Mod+K' },
];

interface MarkdownToolbarProps {
  /** The editor the buttons act on (null until it is created). */
  view(): EditorView | null;
  /** More buttons at the end (e.g. Attach file); they join the arrow-key navigation. */
  extraItems?: ReactNode;
}

const buttonClass =
  'flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600';

/**
 * The formatting toolbar above the editor: one Tab stop, arrows move between the buttons (the WAI-ARIA
 * toolbar pattern). Hiding it is remembered on this device.
 */
export function MarkdownToolbar({ view, extraItems }: MarkdownToolbarProps) {
  const [hidden, setHidden] = useState(() => readLocal(hiddenKey) === '1');
  const bar = useRef<HTMLDivElement>(null);
  const mod = modKeyLabel();

  const setHiddenStored = (value: boolean) => {
    writeLocal(hiddenKey, value ? '1' : '0');
    setHidden(value);
  };

  const run = (command: StateCommand) => {
    const editor = view();
    if (!editor) return;
    command(editor);
    editor.focus();
  };

  // Roving tabindex: the focused button is the toolbar's only Tab stop.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    for (const button of buttons) button.tabIndex = button === target ? 0 : -1;
    target?.focus();
  };

  if (hidden) {
    return (
      <div className="mt-3 flex">
        <button type="button" className={`${buttonClass} text-xs`} onClick={() => setHiddenStored(false)}>
          {m.showToolbar}
        </button>
      </div>
    );
  }
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={m.formatToolbar}
      onKeyDown={onKeyDown}
      className="mt-3 flex flex-wrap items-center gap-0.5 border-b border-slate-100 pb-1"
    >
      {items.map((item, i) => {
        const keys = item.keys?.replace('Mod', mod);
        const Icon = item.icon;
        return (
          <button
            key={item.label}
            type="button"
            tabIndex={i === 0 ? 0 : -1}
            aria-label={keys ? `${item.label} (${keys})` : item.label}
            title={keys ? `${item.label} (${keys})` : item.label}
            // Keeps the editor's selection: the command acts on what was selected.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(item.command)}
            className={buttonClass}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
          </button>
        );
      })}
      {extraItems}
      <button
        type="button"
        tabIndex={-1}
        onClick={() => setHiddenStored(true)}
        className={`${buttonClass} ml-auto text-xs`}
      >
        {m.hideToolbar}
      </button>
    </div>
  );
}
