import { useState } from 'react';

/** A create as the tree's mutations send it; `onSuccess` gets the row the server made. */
export interface CreateMutation<V, R> {
  mutate(vars: V, options?: { onSuccess?: (row: R) => void }): void;
}

/**
 * Create and name in one go: the new row is selected and its tree row opens with its name selected for
 * typing (`namingId`, until `doneNaming`).
 */
export function useCreateAndName<S>(select: (selection: S) => void) {
  const [namingId, setNamingId] = useState<string | null>(null);
  const createAndName = <V, R extends { id: string }>(
    mutation: CreateMutation<V, R>,
    vars: V,
    selectionOf: (row: R) => S,
  ) =>
    mutation.mutate(vars, {
      onSuccess: (row) => {
        select(selectionOf(row));
        setNamingId(row.id);
      },
    });
  return { namingId, doneNaming: () => setNamingId(null), createAndName };
}
