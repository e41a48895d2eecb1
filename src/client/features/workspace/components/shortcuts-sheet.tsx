import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { modKeyLabel } from '../../../lib/keyboard.ts';

interface ShortcutsSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Every shortcut of the workspace, grouped by where it works. */
function shortcutGroups(
  mod: string,
): Array<{ title: string; rows: Array<{ keys: string[]; action: string }> }> {
  return [
    {
      title: 'Anywhere in the workspace',
      rows: [
        { keys: [mod, 'K'], action: 'Open the command palette' },
        { keys: ['N'], action: 'New page (Notes) or new task (Todos)' },
        { keys: ['/'], action: 'Search' },
        { keys: ['?'], action: 'Show these shortcuts' },
        { keys: ['G', 'T'], action: 'Go to Today' },
        { keys: ['G', 'U'], action: 'Go to Upcoming' },
        { keys: [mod, 'Z'], action: 'Undo the last change while its Undo toast shows' },
      ],
    },
    {
      title: 'In the command palette',
      rows: [
        { keys: ['↑', '↓'], action: 'Move through the results' },
        { keys: ['Enter'], action: 'Open the result or run the command' },
        { keys: ['Esc'], action: 'Close' },
      ],
    },
    {
      title: 'When naming something',
      rows: [
        { keys: ['Enter'], action: 'Keep the name' },
        { keys: ['Esc'], action: 'Cancel the change' },
      ],
    },
    {
      title: 'In a task list',
      rows: [
        { keys: ['↑', '↓'], action: 'Move between tasks (also J and K)' },
        { keys: ['Enter'], action: 'Open the task' },
        { keys: ['X'], action: 'Complete or reopen the task' },
        { keys: ['E'], action: "Edit the task's title" },
        { keys: ['Esc'], action: 'From the task panel, back to its row' },
      ],
    },
    {
      title: 'Page editor',
      rows: [
        { keys: ['Enter'], action: 'In the title: go to the text' },
        { keys: [mod, 'B'], action: 'Bold' },
        { keys: [mod, 'I'], action: 'Italic' },
        { keys: [mod, 'K'], action: 'Link (in the text; elsewhere the palette)' },
        { keys: [mod, 'Alt', '1–3'], action: 'Heading 1 to 3' },
        { keys: [mod, 'Shift', '7'], action: 'Numbered list' },
        { keys: [mod, 'Shift', '8'], action: 'Bulleted list' },
        { keys: [mod, 'Shift', '9'], action: 'Checklist' },
        { keys: ['/'], action: 'At the start of a line: insert a block' },
      ],
    },
    {
      title: 'Dialogs and panels',
      rows: [{ keys: ['Esc'], action: 'Close; focus goes back where it was' }],
    },
  ];
}

/** The `?` sheet: a dialog listing the keyboard shortcuts. */
export function ShortcutsSheet({ open, onOpenChange }: ShortcutsSheetProps) {
  const returnFocus = useFocusReturn(open);
  const groups = shortcutGroups(modKeyLabel());
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200 focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Keyboard shortcuts</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Single keys work when you are not typing in a field.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close keyboard shortcuts"
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="mt-5 space-y-5">
            {groups.map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {group.title}
                </h3>
                <dl className="mt-2 divide-y divide-slate-200">
                  {group.rows.map((row) => (
                    <div key={`${row.keys.join('+')} ${row.action}`} className="flex items-center gap-4 py-2">
                      <dt className="flex w-24 shrink-0 gap-1">
                        {row.keys.map((key) => (
                          <kbd
                            key={key}
                            className="min-w-7 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-sans text-xs font-medium text-slate-800"
                          >
                            {key}
                          </kbd>
                        ))}
                      </dt>
                      <dd className="text-sm text-slate-700">{row.action}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
