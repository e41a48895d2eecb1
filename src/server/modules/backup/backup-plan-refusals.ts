import { type BackupArray, backupArrays } from '../../../shared/domain/backup-format.ts';
import type { SkippedRow } from '../../../shared/schemas/backup.ts';
import { skippedListMax } from '../../../shared/schemas/backup.ts';

/**
 * What an import refuses (a bad row: the whole file is refused) and what it skips (a row it cannot
 * restore: reported, the rest imported), kept per array and reported in the order of the format's arrays
 * (backupArrays) whatever order the file lists them in, so the answer is the one a check of the file
 * array by array, in that order, would give.
 */
export class ImportRefusals {
  readonly #problems = new Map<BackupArray, string>();
  readonly #skipped = new Map<BackupArray, SkippedRow[]>();
  #skippedCount = 0;

  /** Records a bad row of `array`; only its first counts (the array's later rows are not checked). */
  refuse(array: BackupArray, problem: string): void {
    if (!this.#problems.has(array)) this.#problems.set(array, problem);
  }

  /** True once `array` holds a bad row. */
  refused(array: BackupArray): boolean {
    return this.#problems.has(array);
  }

  /** True once any array holds a bad row: nothing more is to be written. */
  get any(): boolean {
    return this.#problems.size > 0;
  }

  /** The problem the import reports: the first bad row of the first array in the format's order. */
  firstProblem(): string | null {
    return backupArrays.map((array) => this.#problems.get(array)).find(Boolean) ?? null;
  }

  /** Records a row that is not imported, and why; every one is counted, a bounded list is kept. */
  skip(array: BackupArray, index: number, reason: string): void {
    this.#skippedCount += 1;
    const list = this.#skipped.get(array) ?? [];
    if (list.length < skippedListMax) list.push({ array, index, reason });
    this.#skipped.set(array, list);
  }

  get skippedCount(): number {
    return this.#skippedCount;
  }

  /** The skipped rows reported: in the format's array order, then file order, at most skippedListMax. */
  skipped(): SkippedRow[] {
    return backupArrays.flatMap((array) => this.#skipped.get(array) ?? []).slice(0, skippedListMax);
  }
}
