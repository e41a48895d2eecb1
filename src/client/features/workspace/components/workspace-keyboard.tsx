import { useState } from 'react';
import { lazyPart, useOpenedOnce } from '../../../lib/lazy-part.tsx';
import type { NotesWorkspace } from '../../notes/index.ts';
import type { TodosWorkspace } from '../../todos/index.ts';
import { useShortcuts } from '../hooks/use-shortcuts.ts';
import type { useSidebarCollapse } from '../hooks/use-sidebar-collapse.ts';
import { useWorkspaceCommands } from '../hooks/use-workspace-commands.ts';
import type { WorkspaceView } from '../hooks/use-workspace-view.ts';
import { PaletteStandIn } from './palette-stand-in.tsx';

// The palette (cmdk and its matching) and the `?` sheet download when first opened, not with the workspace.
// Until the palette arrives a stand-in search box keeps what is typed and hands it over.
const CommandPalette = lazyPart(
  async () => (await import('./command-palette.tsx')).CommandPalette,
  (props) =>
    props.open && (
      <PaletteStandIn
        query={props.initialQuery}
        onQueryChange={props.onInitialQueryChange}
        onClose={() => props.onOpenChange(false)}
      />
    ),
);
const ShortcutsSheet = lazyPart(async () => (await import('./shortcuts-sheet.tsx')).ShortcutsSheet);

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
  // Typed into the stand-in while the palette's code downloads (first opening only).
  const [typedEarly, setTypedEarly] = useState('');
  const commands = useWorkspaceCommands(props);
  const paletteOpened = useOpenedOnce(paletteOpen);
  const sheetOpened = useOpenedOnce(sheetOpen);

  useShortcuts({
    paletteOpen,
    togglePalette: () => setPaletteOpen(!paletteOpen),
    create: commands.createInView,
    search: commands.focusSearch,
    showShortcuts: () => setSheetOpen(true),
    goTo: commands.goToPlan,
  });

  return (
    <>
      {paletteOpened && (
        <CommandPalette
          open={paletteOpen}
          onOpenChange={(open) => {
            if (!open) setTypedEarly('');
            setPaletteOpen(open);
          }}
          initialQuery={typedEarly}
          onInitialQueryChange={setTypedEarly}
          notesTree={props.notes.tree}
          todosTree={props.todos.tree}
          commands={commands}
        />
      )}
      {sheetOpened && <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} />}
    </>
  );
}
