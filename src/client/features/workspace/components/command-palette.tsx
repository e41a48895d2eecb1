import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { NotesTree } from '../../../../shared/schemas/note.ts';
import type { CategoryTasksResponse } from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { todoKeys } from '../../todos/api.ts';
import { findCategory } from '../../todos/todos-tree-ops.ts';
import { useSearch } from '../hooks/use-search.ts';
import type { WorkspaceCommands } from '../hooks/use-workspace-commands.ts';
import {
  entryKey,
  matchEntries,
  matchLimit,
  notesEntries,
  type PaletteEntry,
  todosEntries,
} from '../palette-items.ts';
import { PaletteDialog } from './palette-dialog.tsx';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  notesTree: NotesTree | undefined;
  todosTree: TodosTree | undefined;
  commands: WorkspaceCommands;
}

/**
 * Ctrl/Cmd+K: jump to anything by name, or run a command. It matches what the client holds (both trees,
 * the task lists opened so far) at once; tasks of categories not opened yet come from the server's search
 * a moment later, so every task can be found.
 */
export function CommandPalette({ open, onOpenChange, notesTree, todosTree, commands }: CommandPaletteProps) {
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  // Each opening starts empty, however the last one closed (Escape, Ctrl+K, a choice).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setQuery('');
  }
  const remote = useSearch(open ? query : '');

  // Read when the palette opens: the trees are in the deps; task lists are read from the cache then.
  const local = useMemo(() => {
    if (!open) return [];
    const taskLists = client
      .getQueriesData<CategoryTasksResponse>({ queryKey: todoKeys.allTasks })
      .flatMap(([, data]) => (data ? [data.tasks] : []));
    return [...notesEntries(notesTree), ...todosEntries(todosTree, taskLists)];
  }, [open, client, notesTree, todosTree]);

  const results = useMemo(() => {
    const matched = matchEntries(local, query);
    const seen = new Set(matched.map(entryKey));
    const items = matched.filter((e) => e.kind !== 'command').length;
    const fromServer: PaletteEntry[] = [];
    for (const hit of remote.active && remote.settled ? (remote.data?.tasks ?? []) : []) {
      const place = todosTree ? findCategory(todosTree, hit.categoryId) : null;
      const entry: PaletteEntry = {
        kind: 'task',
        id: hit.id,
        categoryId: hit.categoryId,
        title: hit.text,
        context: place ? `${place.todo.title} › ${place.category.title}` : '',
        completed: hit.completed,
      };
      if (!place || seen.has(entryKey(entry))) continue;
      seen.add(entryKey(entry));
      fromServer.push(entry);
    }
    return [...matched, ...fromServer.slice(0, Math.max(0, matchLimit - items))];
  }, [local, query, remote.active, remote.settled, remote.data, todosTree]);

  return (
    <PaletteDialog
      open={open}
      onOpenChange={onOpenChange}
      query={query}
      onQueryChange={setQuery}
      results={results}
      isDisabled={commands.isDisabled}
      onChoose={commands.choose}
    />
  );
}
