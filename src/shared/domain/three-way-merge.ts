import { diff3Merge } from 'node-diff3';

/**
 * A three-way merge of a page's text: `base` is the text both sides started from (the last text this
 * device had from the server), `mine` the text edited here, `theirs` the server's newer text. Edits
 * to different lines combine; edits to the same lines (or to lines touching each other) are a conflict,
 * which the caller hands to the person (nothing is ever overwritten silently).
 */
export type MergeOutcome = { clean: true; text: string } | { clean: false };

export function mergeText(base: string, mine: string, theirs: string): MergeOutcome {
  if (mine === theirs || theirs === base) return { clean: true, text: mine };
  if (mine === base) return { clean: true, text: theirs };
  // Lines, not characters: a paragraph edited on each device is the unit people expect to keep.
  const regions = diff3Merge(mine.split('\n'), base.split('\n'), theirs.split('\n'), {
    // Both sides made the same change: that agrees, it is not a conflict.
    excludeFalseConflicts: true,
  });
  const lines: string[] = [];
  for (const region of regions) {
    if (region.conflict) return { clean: false };
    lines.push(...(region.ok ?? []));
  }
  return { clean: true, text: lines.join('\n') };
}

/** A single-line value (a title): one side's change wins only when the other left it alone. */
export function mergeValue<T>(base: T, mine: T, theirs: T): { clean: true; value: T } | { clean: false } {
  if (mine === theirs || theirs === base) return { clean: true, value: mine };
  if (mine === base) return { clean: true, value: theirs };
  return { clean: false };
}
