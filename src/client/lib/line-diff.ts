/**
 * A line diff of two texts for the page history's comparison. Written here because no diff library is
 * among the dependencies; it is small: the common head and tail are cut off, and the changed middle is
 * aligned by a longest common subsequence of lines. A middle too large for that table (more than
 * MAX_CELLS line pairs) is shown as removed then added, which is still a correct diff, only a coarser one.
 */

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };
export type DiffRow = DiffLine | { kind: 'gap'; lines: number };

const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  const middle = alignMiddle(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

function alignMiddle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) {
    return [...a.map(removed), ...b.map(added)];
  }
  // lcs[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      out.push(removed(a[i++] ?? ''));
    } else {
      out.push(added(b[j++] ?? ''));
    }
  }
  return [...out, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** Runs of unchanged lines longer than twice `context` keep `context` lines each side of a gap. */
export function withContext(lines: DiffLine[], context = 2): DiffRow[] {
  const rows: DiffRow[] = [];
  let run: DiffLine[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      rows.push(...run.slice(0, keepBefore));
      rows.push({ kind: 'gap', lines: run.length - keepBefore - keepAfter });
      rows.push(...run.slice(run.length - keepAfter));
    } else {
      rows.push(...run);
    }
    run = [];
  };
  let seenChange = false;
  for (const line of lines) {
    if (line.kind === 'same') {
      run.push(line);
      continue;
    }
    flush(!seenChange, false);
    seenChange = true;
    rows.push(line);
  }
  flush(!seenChange, true);
  return rows;
}
