import { useState } from 'react';

/** A create as the tree's mutations send it: the row is made by the caller, id and all. */
export interface CreateMutation<R> {
  mutate(row: R): void;
}

/**
 * Create and name in one go: the new row (made here, so it shows before the server answers) is selected
 * and its tree row opens with its name selected for typing (`namingId`, until `doneNaming`). A refusal
 * takes the row away again, and the selection falls back as for any row that is gone.
 */
export function useCreateAndName<S>(select: (selection: S) => void) {
  const [namingId, setNamingId] = useState<string | null>(null);
  const createAndName = <R extends { id: string }>(mutation: CreateMutation<R>, row: R, selection: S) => {
    mutation.mutate(row);
    select(selection);
    setNamingId(row.id);
  };
  return { namingId, doneNaming: () => setNamingId(null), createAndName };
}
