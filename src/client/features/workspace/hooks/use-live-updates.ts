import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveChange } from '../../../../shared/schemas/live.ts';
import { openLiveEvents } from '../../../lib/live-events.ts';
import { noteKeys } from '../../notes/index.ts';

/**
 * What a change made elsewhere makes stale. Invalidating refetches only what is on screen (the rest is
 * refetched when next shown). An open page refetches too, and its NoteSaver adopts the newer text only
 * when this tab holds no unsaved edit of it; an edit here then meets the usual conflict flow.
 */
function staleKeys(change: LiveChange): QueryKey[] {
  switch (change.resource) {
    case 'notes':
      return [
        ...(change.id ? [noteKeys.note(change.id)] : []),
        noteKeys.allPages,
        noteKeys.index,
        // A title (the tree may list titles) or a section's count.
        noteKeys.tree,
      ];
    case 'notebooks':
    case 'sections':
      return [noteKeys.tree, noteKeys.allPages, noteKeys.index];
    case 'backup':
      return [['notes'], ['todos']];
    default:
      // Lists, categories, tasks, subtasks, labels: the todos view's queries, Today, Upcoming and counts.
      return [['todos']];
  }
}

function refetch(client: QueryClient, keys: QueryKey[]) {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/** The workspace's one live stream: changes made in other tabs and devices show here without a reload. */
export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(
    () =>
      openLiveEvents({
        change: (change) => refetch(client, staleKeys(change)),
        reset: () => refetch(client, [['notes'], ['todos']]),
      }),
    [client],
  );
}
