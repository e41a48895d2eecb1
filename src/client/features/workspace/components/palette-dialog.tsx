import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import {
  Book,
  CheckCircle2,
  ChevronRight,
  Circle,
  FileText,
  Folder,
  ListTodo,
  type LucideIcon,
  Search,
  Tag,
  Tags,
} from 'lucide-react';
import { useRef } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { type CommandId, entryKey, kindLabels, type PaletteEntry } from '../palette-items.ts';

interface PaletteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  query: string;
  onQueryChange(query: string): void;
  /** Already matched and ordered (palette-items.ts); shown in this order. */
  results: PaletteEntry[];
  /** A command that cannot run now (no section for a new page, a read-only account) is shown disabled. */
  isDisabled(command: CommandId): boolean;
  /** Enter or a click on a result: the dialog closes, focus goes back, then this runs. */
  onChoose(entry: PaletteEntry): void;
}

const icons: Record<PaletteEntry['kind'], LucideIcon> = {
  command: ChevronRight,
  notebook: Book,
  section: Folder,
  page: FileText,
  list: ListTodo,
  category: Tag,
  task: Circle,
  label: Tags,
};

/**
 * The command palette's dialog: a combobox and its listbox (cmdk: arrow keys, Home/End, Enter, the
 * active option announced through aria-activedescendant), over a Radix dialog that traps focus and closes
 * on Escape. Filtering is ours (shouldFilter off), so only the best matches are rendered.
 */
export function PaletteDialog(props: PaletteDialogProps) {
  const { open, onOpenChange, query, onQueryChange, results, isDisabled, onChoose } = props;
  const returnFocus = useFocusReturn(open);
  const chosen = useRef<PaletteEntry | null>(null);
  const input = useRef<HTMLInputElement>(null);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Radix would select the box's text: text typed before the palette arrived (its stand-in)
            // would be replaced by the next key. The caret goes after it instead.
            event.preventDefault();
            const box = input.current;
            box?.focus();
            box?.setSelectionRange(box.value.length, box.value.length);
          }}
          onCloseAutoFocus={(event) => {
            returnFocus(event);
            const entry = chosen.current;
            chosen.current = null;
            if (entry) onChoose(entry);
          }}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[70vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200 focus:outline-none"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command shouldFilter={false} loop label="Search or jump to" className="flex min-h-0 flex-col">
            <div className="flex items-center gap-2 border-b border-slate-200 px-4">
              <Search className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <Command.Input
                ref={input}
                value={query}
                onValueChange={onQueryChange}
                placeholder="Search or jump to…"
                className="h-12 w-full bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
              />
            </div>
            <Command.List className="min-h-0 overflow-y-auto p-2" label="Results">
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-500">
                {messages.search.noResults}
              </Command.Empty>
              {results.map((entry) => {
                const Icon = entry.kind === 'task' && entry.completed ? CheckCircle2 : icons[entry.kind];
                return (
                  <Command.Item
                    key={entryKey(entry)}
                    value={entryKey(entry)}
                    disabled={entry.kind === 'command' && isDisabled(entry.id)}
                    onSelect={() => {
                      // Run after the dialog has closed and put focus back, so what the command opens
                      // (Settings, a new page's title, the search box) keeps the focus it takes.
                      chosen.current = entry;
                      onOpenChange(false);
                    }}
                    className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 select-none data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-60 data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-800"
                  >
                    <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate">
                      <span className="font-medium">{entry.title || untitled(entry)}</span>
                      {entry.kind !== 'command' && (
                        <span className="ml-2 text-xs text-slate-600">{entry.context}</span>
                      )}
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">{kindLabel(entry)}</span>
                  </Command.Item>
                );
              })}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const untitled = (entry: PaletteEntry) => (entry.kind === 'page' ? messages.notes.titlePlaceholder : '');

/** The kind in the singular, for the option's right edge (`Page`, `Task`, `Command`). */
function kindLabel(entry: PaletteEntry): string {
  const plural = kindLabels[entry.kind];
  return entry.kind === 'category' ? 'Category' : plural.slice(0, -1);
}
