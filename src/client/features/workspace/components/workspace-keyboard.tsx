import { useState } from 'react';
import type { NotesWorkspace } from '../../notes/hooks/use-notes-workspace.ts';
import type { TodosWorkspace } from '../../todos/hooks/use-todos-workspace.ts';
import { useShortcuts } from '../hooks/use-shortcuts.ts';
import type { useSidebarCollapse } from '../hooks/use-sidebar-collapse.ts';
import { useWorkspaceCommands } from '../hooks/use-workspace-commands.ts';
import type { WorkspaceView } from '../hooks/use-workspace-view.ts';
import { CommandPalette } from './command-palette.tsx';
import { ShortcutsSheet } from './shortcuts-sheet.tsx';

interface WorkspaceKeyboardProps {
  notes: NotesWorkspace;
  todos: TodosWorkspace;
  view: WorkspaceView;
  setView(view: WorkspaceView): void;
  sidebar: ReturnType<typeof useSidebarCollapse>;
  readOnly: boolean;
  onOpenSettings(): void;
  /** The palette's state lives in the shell: the top bar's button opens it too. */
  paletteOpen: boolean;
  setPaletteOpen(open: boolean): void;
}

/** The workspace's keyboard layer: the shortcuts, the command palette and the `?` sheet. */
export function WorkspaceKeyboard(props: WorkspaceKeyboardProps) {
  const { paletteOpen, setPaletteOpen } = props;
  const [sheetOpen, setSheetOpen] = useState(false);
  const commands = useWorkspaceCommands(props);

  useShortcuts({
    paletteOpen,
    togglePalette: () => setPaletteOpen(!paletteOpen),
    create: commands.createInView,
    search: commands.focusSearch,
    showShortcuts: () => setSheetOpen(true),
  });

  return (
    <>
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        notesTree={props.notes.tree}
        todosTree={props.todos.tree}
        commands={commands}
      />
      <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} />
    </>
  );
}
