import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { NotesOutline } from '../../../../shared/schemas/note.ts';
import type { CategoryTasksResponse } from '../../../../shared/schemas/task.ts';
import type { TodosTree } from '../../../../shared/schemas/todo.ts';
import { noteKeys, notesApi, pagesOf } from '../../notes/index.ts';
import { findCategory, todoKeys, todosApi, useLabels } from '../../todos/index.ts';
import { useSearch } from '../hooks/use-search.ts';
import type { WorkspaceCommands } from '../hooks/use-workspace-commands.ts';
import {
  entryKey,
  labelEntries,
  matchEntries,
  matchLimit,
  notePageEntry,
  notesEntries,
  type PaletteEntry,
  taskSources,
  todosEntries,
} from '../palette-items.ts';
import { PaletteDialog } from './palette-dialog.tsx';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  notesTree: NotesOutline | undefined;
  todosTree: TodosTree | undefined;
  commands: WorkspaceCommands;
  /** What was typed before the palette's code arrived (its stand-in); the first opening starts from it. */
  initialQuery: string;
  onInitialQueryChange(query: string): void;
}

/**
 * Ctrl/Cmd+K: jump to anything by name, or run a command. It matches what the client holds (both trees,
 * the page and task lists opened so far) at once, and every page by the page index, fetched as the palette
 * opens; until it arrives, and for tasks of categories not opened yet, the server's search answers a
 * moment later, so every page and task can be found. Tasks also come from
 * the task index, fetched as the palette opens, so any task matches at once, before the search answers.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const { open, onOpenChange, notesTree, todosTree, commands } = props;
  const client = useQueryClient();
  const [query, setQuery] = useState(props.initialQuery);
  // Each opening starts empty, however the last one closed (Escape, Ctrl+K, a choice).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setQuery('');
  }
  const remote = useSearch(open ? query : '');
  // Every task in brief (docs/PRODUCT.md §10.7: any task by name, at once). Cached between openings and always stale:
  // each opening matches the last index at once and refreshes it, so tasks changed since (in any tab)
  // are found by their current names; the category lists the client holds win over it.
  const index = useQuery({
    queryKey: todoKeys.taskIndex,
    queryFn: ({ signal }) => todosApi.taskIndex(signal),
    enabled: open,
    staleTime: 0,
  });

  // Every page in brief (docs/performance.md: the tree has page counts only), asked for at each opening; the section
  // lists the client holds win over it.
  const pageIndex = useQuery({
    queryKey: noteKeys.index,
    queryFn: ({ signal }) => notesApi.index(signal),
    enabled: open,
    staleTime: 0,
  });

  // Every label by name (an account has few): the sidebar's list, shared with it.
  const labels = useLabels().data;

  // Read when the palette opens: the trees are in the deps; task lists are read from the cache then.
  const local = useMemo(() => {
    if (!open) return [];
    const loaded = new Map(
      client
        .getQueriesData<CategoryTasksResponse>({ queryKey: todoKeys.allTasks })
        .flatMap(([key, data]) => (data ? [[String(key[2]), data.tasks] as const] : [])),
    );
    const taskLists = taskSources(loaded, index.data?.tasks);
    const pages = (sectionId: string) => pagesOf(client, sectionId);
    return [
      ...notesEntries(notesTree, pages, pageIndex.data?.notes),
      ...todosEntries(todosTree, taskLists),
      ...labelEntries(labels ?? []),
    ];
  }, [open, client, notesTree, todosTree, index.data, pageIndex.data, labels]);

  const results = useMemo(() => {
    const matched = matchEntries(local, query);
    const seen = new Set(matched.map(entryKey));
    const items = matched.filter((e) => e.kind !== 'command').length;
    const fromServer: PaletteEntry[] = [];
    // Pages of sections not opened yet: the tree has their counts only (docs/performance.md).
    for (const hit of remote.active && remote.settled ? (remote.data?.notes ?? []) : []) {
      const entry = notePageEntry(notesTree, hit);
      if (!entry || seen.has(entryKey(entry))) continue;
      seen.add(entryKey(entry));
      fromServer.push(entry);
    }
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
  }, [local, query, remote.active, remote.settled, remote.data, todosTree, notesTree]);

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
